import type { StreamTextTransform, TextStreamPart, ToolSet } from 'ai';
import { sanitiseText } from '../http/body.js';
import type { ReplyMeter } from './reply-meter.js';

/**
 * What the model sends is input too (docs/security.md, "Model output is input"). Caps on one reply, in characters:
 * the reply as stored (text, tool inputs and outputs; coach_messages.parts holds at most 256 KiB, 0400), one tool
 * call's input and one tool's output. A reply of COACH_MAX_OUTPUT_TOKENS per call stays far below them.
 */
export const COACH_REPLY_MAX_CHARS = 64_000;
export const COACH_TOOL_INPUT_MAX_CHARS = 16_000;
export const COACH_TOOL_OUTPUT_MAX_CHARS = 16_000;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** Every string in a JSON-like value (keys too) with NUL and unpaired surrogates replaced; other objects as they are. */
export function sanitiseValue<T>(value: T): T {
  if (typeof value === 'string') return sanitiseText(value) as T;
  if (Array.isArray(value)) return value.map(sanitiseValue) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [sanitiseText(k), sanitiseValue(v)])) as T;
  }
  return value;
}

type Part = TextStreamPart<ToolSet>;
const HIGH_SURROGATE_AT_END = /[\uD800-\uDBFF]$/;
/** Parts that carry what the model said or a tool returned: dropped once the reply has been cut. */
const CONTENT = new Set<Part['type']>([
  'text-delta',
  'reasoning-delta',
  'tool-input-start',
  'tool-input-delta',
  'tool-call',
  'tool-result',
  'tool-error',
  'source',
  'file',
]);

/** The size a tool part adds to the stored reply. */
function toolPartSize(part: Part): number {
  if (part.type === 'tool-call') return JSON.stringify(part.input ?? null).length;
  if (part.type === 'tool-result') return JSON.stringify(part.output ?? null).length;
  return 0;
}

/**
 * streamText's transform between the provider and everything else (the browser's stream, the stored reply, the next
 * call's prompt is built before it): the meter sees each part first; text is sanitised (a surrogate pair split
 * across two deltas is joined, not broken); tool inputs and outputs are sanitised; raw tool-input deltas are not
 * passed on (the complete input follows in tool-call); past COACH_REPLY_MAX_CHARS the reply is cut, the provider
 * call stopped and `onCut` told. Tool outputs are already capped by the tools themselves (tool-guards.ts).
 */
export function modelOutputTransform<TOOLS extends ToolSet>(meter: ReplyMeter, onCut: () => void): StreamTextTransform<TOOLS> {
  return ({ stopStream }) => {
    let used = 0;
    let cut = false;
    const held = new Map<string, string>();
    const dropped = new Set<string>();
    const stop = () => {
      if (cut) return;
      cut = true;
      onCut();
      stopStream();
    };
    return new TransformStream<TextStreamPart<TOOLS>, TextStreamPart<TOOLS>>({
      transform(typed, controller) {
        // Handled alike for every tool set: the parts' shapes, not the tools' types, matter here.
        const part = typed as Part;
        const enqueue = (p: Part) => controller.enqueue(p as TextStreamPart<TOOLS>);
        meter.see(part);
        if (cut && CONTENT.has(part.type)) return;
        switch (part.type) {
          case 'text-delta':
          case 'reasoning-delta': {
            let text = (held.get(part.id) ?? '') + part.text;
            held.delete(part.id);
            if (HIGH_SURROGATE_AT_END.test(text)) {
              held.set(part.id, text.slice(-1));
              text = text.slice(0, -1);
            }
            text = sanitiseText(text);
            const room = COACH_REPLY_MAX_CHARS - used;
            if (text.length > room) {
              text = text.slice(0, room);
              if (HIGH_SURROGATE_AT_END.test(text)) text = text.slice(0, -1);
              stop();
            }
            used += text.length;
            if (text) enqueue({ ...part, text });
            return;
          }
          case 'text-end':
          case 'reasoning-end': {
            // A high surrogate the stream ended on was never paired: it becomes U+FFFD like any other.
            if (held.has(part.id)) {
              held.delete(part.id);
              const type = part.type === 'text-end' ? 'text-delta' : 'reasoning-delta';
              enqueue({ type, id: part.id, text: '\uFFFD' });
            }
            enqueue(part);
            return;
          }
          case 'tool-input-delta':
            return;
          case 'tool-input-start':
          case 'tool-call':
          case 'tool-result':
          case 'tool-error': {
            const id = part.type === 'tool-input-start' ? part.id : part.toolCallId;
            if (dropped.has(id)) return;
            const size = toolPartSize(part);
            if (used + size > COACH_REPLY_MAX_CHARS) {
              dropped.add(id);
              stop();
              return;
            }
            used += size;
            const clean = { ...part } as Record<string, unknown>;
            for (const key of ['toolName', 'input', 'output'] as const) if (key in clean) clean[key] = sanitiseValue(clean[key]);
            enqueue(clean as Part);
            return;
          }
          default:
            enqueue(part);
        }
      },
    });
  };
}
