import {
  BarChart3,
  Eye,
  FileSearch,
  Gauge,
  Layers,
  LayoutTemplate,
  Megaphone,
  MessageSquareQuote,
  MousePointerClick,
  Palette,
  PenTool,
  PiggyBank,
  Search,
  Target,
  Type,
  Users,
} from 'lucide-react';
import { CLAIMS } from '@/lib/claims';
import type { HubContent } from './components/hub-page';

export const WEBSITE_HUB: HubContent = {
  layout: 'split',
  eyebrow: 'Website Hub',
  title: 'A website that works as hard as you do',
  lead: 'Build a fast, modern site with the MVP Website Builder, then let Website Intelligence tell you what to improve, page by page, in plain English.',
  stats: [
    { value: '2x', label: 'faster pages on average' },
    { value: '24/7', label: 'AI monitoring' },
    { value: '48h', label: 'from brief to first draft' },
  ],
  features: [
    {
      icon: LayoutTemplate,
      title: 'MVP Website Builder',
      text: 'Describe your business and get a polished, mobile-first site you can edit without code.',
    },
    {
      icon: FileSearch,
      title: 'Page-by-page audit',
      text: 'Speed, accessibility, SEO and copy checked every week, with fixes ranked by impact.',
    },
    {
      icon: MousePointerClick,
      title: 'Conversion insight',
      text: 'See where visitors drop off and get tested suggestions for headlines, offers and forms.',
    },
    { icon: Search, title: 'Search visibility', text: 'Keyword gaps, local SEO and structured data recommendations for UK searches.' },
    {
      icon: Gauge,
      title: 'Core Web Vitals',
      text: 'Performance tracked against Google’s thresholds, with alerts when a change slows you down.',
    },
    { icon: Layers, title: 'Hosting on Growth', text: 'Secure hosting, SSL and your domain included on the Growth plan.' },
  ],
  steps: [
    { title: 'Connect or create', text: 'Link your existing site or build a new one with the MVP Website Builder.' },
    { title: 'Get your baseline', text: 'We audit every page and set a score you can improve week by week.' },
    { title: 'Fix what matters', text: 'Your coach explains each recommendation and can draft the new copy for you.' },
  ],
  outcomes: [
    {
      title: 'Know why visitors leave',
      text: 'The weekly audit shows where people drop off and what to change first, ranked by impact.',
    },
    { title: 'No more guesswork redesigns', text: 'Change one page at a time and see whether it helped before you touch the next.' },
    { title: 'Fast, accessible, easy to find', text: 'Speed, accessibility and search checked on every page, not once a year.' },
    { title: 'Copy that sounds like you', text: 'Your coach drafts new headlines and page text from your business profile.' },
  ],
  cta: { title: 'Turn visitors into customers', text: 'Join the waitlist and get the Website Hub with your early-access plan.' },
};

export const BRAND_HUB: HubContent = {
  layout: 'bento',
  eyebrow: 'Brand Hub',
  title: 'One brand, consistent everywhere',
  lead: 'Define your voice, visuals and positioning once. Brand Intelligence keeps every post, page and proposal on-brand, and shows how you compare with competitors.',
  stats: [
    { value: '5 min', label: 'to a first brand guide' },
    { value: '100%', label: 'of content brand-checked' },
    { value: '3', label: 'competitors tracked free' },
  ],
  features: [
    {
      icon: Palette,
      title: 'Living brand guide',
      text: 'Colours, type, logo rules and tone of voice, generated from your answers and refined with you.',
    },
    { icon: Type, title: 'Tone-of-voice checks', text: 'Paste any copy and get it rewritten in your voice, for your audience.' },
    { icon: PenTool, title: 'Asset library', text: 'Logos, templates and approved images in one place, always the latest version.' },
    { icon: Eye, title: 'Competitor watch', text: 'See how rivals position themselves and where the gaps are for you.' },
    {
      icon: MessageSquareQuote,
      title: 'Messaging framework',
      text: 'Value proposition, elevator pitch and key messages for every audience.',
    },
    { icon: Users, title: 'Audience personas', text: 'Clear pictures of your best customers, built from real data where you have it.' },
  ],
  steps: [
    { title: 'Tell your story', text: 'Answer a few questions, by voice or in writing, about why you started and who you serve.' },
    { title: 'Review your guide', text: 'Your coach drafts the brand guide; you adjust anything that does not feel like you.' },
    { title: 'Stay consistent', text: 'Every piece of content you create on the platform is checked against it automatically.' },
  ],
  outcomes: [
    { title: 'Recognised and remembered', text: 'The same colours, type and voice on your site, your posts and your proposals.' },
    { title: 'Content in your voice, faster', text: 'Drafts start from your tone of voice, so you edit rather than rewrite.' },
    { title: 'Clear against competitors', text: 'You see how rivals position themselves and say what only you can say.' },
    { title: 'One source for every asset', text: 'Logos, templates and images in one library, so nobody uses an old version.' },
  ],
  cta: { title: 'Build a brand people trust', text: 'Join the waitlist and get the Brand Hub with your early-access plan.' },
};

export const ADVERTISING_HUB: HubContent = {
  layout: 'band',
  eyebrow: 'Advertising Hub',
  title: 'Ads that pay for themselves',
  lead: 'Plan, write and measure campaigns across Google, Meta and LinkedIn with an AI that watches your budget as closely as you do.',
  stats: [
    CLAIMS.accuracy,
    CLAIMS.growth,
    { value: '£0', label: 'agency retainer', source: 'You run campaigns with your coach: no agency fee on top of your plan.' },
  ],
  features: [
    {
      icon: Target,
      title: 'Precision targeting',
      text: 'Audiences built from your best customers, with lookalikes suggested for each platform.',
    },
    { icon: Megaphone, title: 'Campaign generator', text: 'Ad copy, headlines and creative briefs in your brand voice, ready to test.' },
    { icon: PiggyBank, title: 'Budget guard', text: 'Daily spend checks and alerts before a campaign burns money without results.' },
    { icon: BarChart3, title: 'Clear reporting', text: 'Cost per lead and return on ad spend in one view, across every channel.' },
    { icon: MousePointerClick, title: 'Landing page match', text: 'Make sure every ad lands on a page that continues the same promise.' },
    { icon: Gauge, title: 'Always-on optimisation', text: 'Weekly recommendations on bids, audiences and creative, explained simply.' },
  ],
  steps: [
    { title: 'Connect your ad accounts', text: 'Read-only to start: we look before we touch anything.' },
    { title: 'Get a campaign plan', text: 'Your coach proposes budgets, audiences and messages for your goals.' },
    { title: 'Launch and learn', text: 'Track results daily and let the AI tell you what to scale and what to stop.' },
  ],
  outcomes: [
    { title: 'Your real cost per customer', text: 'Cost per lead and return on ad spend in one view, across Google, Meta and LinkedIn.' },
    {
      title: 'No budget on the wrong audiences',
      text: 'Daily spend checks flag a campaign that spends without results before it burns money.',
    },
    { title: 'Campaigns in hours, not weeks', text: 'Plans, audiences and ad copy drafted in your brand voice, ready to test.' },
    { title: 'Decisions you understand', text: 'Every recommendation comes with the reason, in plain English, from your coach.' },
  ],
  cta: { title: 'Make every pound of ad spend count', text: 'Join the waitlist and get the Advertising Hub with your early-access plan.' },
};
