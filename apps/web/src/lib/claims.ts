/**
 * The marketing claims the specification lists (340% average growth, 89% accuracy, 100+ strategies, 99.9% uptime,
 * SOC 2 compliant, 24/7 AI support), each with the qualifier shown right beside it wherever it appears: what the
 * figure measures and where it comes from (issue 18: "claims stand with nothing near them"; decision 0054).
 * One place, so the home page, the hubs and Learn More never state a claim differently.
 */
export interface Claim {
  value: string;
  label: string;
  /** The source or qualifier, printed next to the claim (never only in a footnote at the end of the page). */
  source: string;
}

const EARLY_ACCESS = 'Early-access customers, first six months; individual results vary.';

export const CLAIMS = {
  growth: { value: '340%', label: 'average growth', source: EARLY_ACCESS },
  accuracy: { value: '89%', label: 'targeting accuracy', source: `Campaign targeting. ${EARLY_ACCESS}` },
  strategies: { value: '100+', label: 'strategies', source: 'Growth playbooks in the coach’s strategy library.' },
  uptime: { value: '99.9%', label: 'uptime', source: 'Monthly availability target of the hosted service.' },
  soc2: { value: 'SOC 2', label: 'compliant', source: 'Our hosting and database providers in the UK and EU.' },
  support: { value: '24/7', label: 'AI support', source: 'The AI coach answers at any hour; our team Monday-Friday, 9AM-6PM GMT.' },
} as const satisfies Record<string, Claim>;
