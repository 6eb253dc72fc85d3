import type { CompetitorContent } from './components/competitor-page';

export const VS_GOHIGHLEVEL: CompetitorContent = {
  name: 'GoHighLevel',
  lead: 'GoHighLevel is a powerful all-in-one toolkit built for marketing agencies. We are built for the business owner: a coach that tells you what to do next, not just another set of tools to configure.',
  rows: [
    { feature: '24/7 AI business coach', us: true, them: false },
    { feature: 'Voice-guided onboarding', us: true, them: false },
    { feature: 'Human VA support included', us: 'Pro and above', them: false },
    { feature: 'CRM and pipelines', us: true, them: true },
    { feature: 'Website and funnel builder', us: true, them: true },
    { feature: (apps) => `Connects to ${apps}`, us: true, them: 'Via Zapier' },
    { feature: 'Set-up needed before value', us: 'Minutes', them: 'Days to weeks' },
    { feature: 'Starting price', us: '£99/month', them: 'From $97/month' },
    { feature: 'UK-based support, GMT hours', us: true, them: false },
  ],
  reasons: [
    {
      title: 'Advice, not just software',
      text: 'Our coach reads your numbers and tells you the next best move. GoHighLevel gives you the tools and leaves the strategy to you.',
    },
    {
      title: 'Up and running today',
      text: 'A six-step voice onboarding sets up your dashboard in minutes instead of a multi-week agency-style build.',
    },
    {
      title: 'Made for one business',
      text: 'No sub-accounts, snapshots or reselling to understand: everything is about growing your own company.',
    },
  ],
  fairPoint:
    'if you run a marketing agency and want to white-label software for many clients, GoHighLevel’s agency features are more mature than ours today.',
};

export const VS_HUBSPOT: CompetitorContent = {
  name: 'HubSpot',
  lead: 'HubSpot is an excellent CRM platform for growing teams, priced per hub and per seat. We bundle coaching, marketing AI and human help into one simple monthly plan built for small businesses.',
  rows: [
    { feature: '24/7 AI business coach', us: true, them: 'AI assistant add-ons' },
    { feature: 'Human VA support included', us: 'Pro and above', them: false },
    { feature: 'CRM', us: true, them: true },
    { feature: 'Website builder and hosting', us: 'Growth plan', them: 'Content Hub' },
    { feature: 'Marketing automation', us: true, them: 'Professional tier' },
    { feature: 'One price, no per-seat fees', us: true, them: false },
    { feature: 'Typical cost for a small team with automation', us: '£299/month', them: 'From ~$800/month' },
    { feature: 'Business strategy playbooks', us: '100+', them: false },
  ],
  reasons: [
    {
      title: 'One simple price',
      text: 'No separate hubs, seats or onboarding fees. Every plan includes the AI coach and the Free Custom AI MVP Builder.',
    },
    {
      title: 'Strategy included',
      text: 'HubSpot records what happens; our coach explains why and what to do about it, with a human VA to help on Pro and above.',
    },
    { title: 'Built for owners', text: 'Designed for the person running the business, not for a marketing operations team.' },
  ],
  fairPoint:
    'if you already have a sales team of twenty living in HubSpot, its depth of CRM reporting and its app marketplace are hard to beat, and you can still connect it to us.',
};
