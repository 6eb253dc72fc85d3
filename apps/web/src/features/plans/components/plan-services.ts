/** Services sold alongside the plans (docs/product.md#plans). */
export const PLAN_SERVICES = [
  {
    id: 'connections-setup',
    name: 'Connections set-up',
    price: '£150/hour',
    description: 'We connect your tools for you, billed by the hour.',
  },
  { id: 'website-design', name: 'Website designs', price: 'from £500', description: 'A custom website designed around your brand.' },
] as const;

/** Credit top-up sizes a user can ask the operators for. */
export const TOP_UP_OPTIONS = [1000, 5000, 10000] as const;
