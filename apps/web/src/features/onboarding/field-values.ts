import { CHALLENGES, FUNDING_SOURCES, GOALS, INDUSTRIES, KEY_METRIC_IDS, STARTING_VIEWS, TEAM_SIZES, THEMES } from '@app/shared';
import { messages } from '@/lib/messages';
import { validateText } from '@/lib/security-input';
import type { OnboardingData } from './types';

/**
 * Turns a value from a voice tool call (any JSON) into a valid value for one field, or throws with a reason the
 * agent can act on. Option fields accept the label or id case-insensitively; lists accept arrays or comma text.
 */
const TEXT_FIELDS = [
  'businessName',
  'businessStory',
  'problemSolving',
  'productService',
  'businessTargets',
  'marketingStrategy',
  'salesStrategy',
  'financialManagement',
] as const;

function pick(options: readonly string[], raw: unknown, field: string): string {
  const text = cleanText(raw, field).toLowerCase();
  const found = options.find((o) => o.toLowerCase() === text);
  if (!found) throw new Error(`Invalid value for ${field}. Choose one of: ${options.join(', ')}`);
  return found;
}

function cleanText(raw: unknown, field: string): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') throw new Error(`${field} needs a text value`);
  const checked = validateText(String(raw));
  if (!checked.valid) throw new Error(messages.voice.invalidInput);
  return checked.value;
}

function list(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw === 'string')
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [raw];
}

function bool(raw: unknown, field: string): boolean {
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true' || raw === 'on' || raw === 'yes') return true;
  if (raw === 'false' || raw === 'off' || raw === 'no') return false;
  throw new Error(`${field} needs true or false`);
}

const GOAL_KEYS = GOALS.flatMap((g) => [g.id, g.label]);

/** Applies one field update; returns the new data. */
export function applyFieldUpdate(data: OnboardingData, field: string, value: unknown): OnboardingData {
  const name = field.replace(/^preferences\./, '');
  if ((TEXT_FIELDS as readonly string[]).includes(field)) return { ...data, [field]: cleanText(value, field) };
  switch (name) {
    case 'industry':
      return { ...data, industry: pick(INDUSTRIES, value, field) };
    case 'fundingSource':
      return { ...data, fundingSource: pick(FUNDING_SOURCES, value, field) };
    case 'teamSize':
      return { ...data, teamSize: pick(TEAM_SIZES, value, field) };
    case 'goals': {
      const goals = list(value).map((v) => {
        const key = pick(GOAL_KEYS, v, field);
        return GOALS.find((g) => g.id === key || g.label === key)!.id;
      });
      return { ...data, goals: [...new Set(goals)] };
    }
    case 'challenges':
      return { ...data, challenges: [...new Set(list(value).map((v) => pick(CHALLENGES, v, field)))] };
    case 'keyMetrics':
      return {
        ...data,
        keyMetrics: [...new Set(list(value).map((v) => pick(KEY_METRIC_IDS, v, field) as OnboardingData['keyMetrics'][number]))],
      };
    case 'voiceEnabled':
      return { ...data, preferences: { ...data.preferences, voiceEnabled: bool(value, field) } };
    case 'theme':
      return { ...data, preferences: { ...data.preferences, theme: pick(THEMES, value, field) as OnboardingData['preferences']['theme'] } };
    case 'defaultView':
      return {
        ...data,
        preferences: {
          ...data.preferences,
          defaultView: pick(STARTING_VIEWS, value, field) as OnboardingData['preferences']['defaultView'],
        },
      };
    default:
      throw new Error(`Unknown onboarding field: ${field}`);
  }
}
