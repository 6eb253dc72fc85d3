export * from './plans.js';
export * from './onboarding.js';
export * from './integrations.js';
export * from './admin.js';
export * from './coach.js';
export * from './security-events.js';
export * from './email.js';
export * from './metrics.js';
