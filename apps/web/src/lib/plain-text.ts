import { z } from 'zod';
import { publicMessages } from './messages/public';
import { hasControlCharacters } from './security-input';

/** A free-text field stored as typed (trimmed): `min`..`max` characters, no control characters. */
export const plainText = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max, publicMessages.security.textTooLong)
    .refine((s) => !hasControlCharacters(s), publicMessages.security.invalidCharacters);
