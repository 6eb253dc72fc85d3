import { paths } from '@/lib/paths';

/** docs/product.md#partners: the partner card. `link` is an internal route when the partner is part of the product. */
export interface Partner {
  name: string;
  description: string;
  detail: string;
  /** A mark in components/partner-mark.tsx (its Simple Icons slug), or 'wordmark' for the designed name. */
  logo: string;
  website: string;
  link?: string;
  category: string;
  rating: number;
  featured: boolean;
  features: string[];
  benefits: string[];
}

export const PARTNERS: Partner[] = [
  {
    name: 'Lovable',
    description: 'Rapid AI development platform that turns ideas into working web apps in hours.',
    detail: 'Powers the Free Custom AI MVP Builder included with every plan.',
    logo: 'wordmark',
    website: 'https://lovable.dev',
    category: 'Development',
    rating: 4.9,
    featured: true,
    features: ['Prompt-to-app builder', 'Full-stack code you own'],
    benefits: ['Launch an MVP in days', 'No developer needed to start'],
  },
  {
    name: 'Make',
    description: 'Visual workflow automation that connects thousands of apps without code.',
    detail: 'Behind our Make API connections and the Connect Anything directory.',
    logo: 'make',
    website: 'https://www.make.com',
    link: paths.connectAnything,
    category: 'Automation',
    rating: 4.8,
    featured: true,
    features: ['Thousands of app integrations', 'Visual scenario builder'],
    benefits: ['Hours of admin saved weekly', 'Fewer copy-paste errors'],
  },
  {
    name: 'ElevenLabs',
    description: 'Natural, real-time voice AI that makes the coach feel like a conversation.',
    detail: 'Runs the voice-guided onboarding and spoken coaching sessions.',
    logo: 'elevenlabs',
    website: 'https://elevenlabs.io',
    link: paths.dashboard,
    category: 'AI Voice',
    rating: 4.7,
    featured: false,
    features: ['Human-like voices', 'Low-latency conversation'],
    benefits: ['Hands-free onboarding', 'Coaching on the go'],
  },
];
