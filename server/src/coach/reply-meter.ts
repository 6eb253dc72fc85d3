import type { TextStreamPart, ToolSet } from 'ai';

/** Roughly four characters a token (English text): the estimate when a provider reports no usage. */
export const approxTokens = (chars: number) => Math.ceil(Math.max(0, chars) / 4);

export interface MeteredUsage {
  inputTokens: number;
  outputTokens: number;
  /** Some provider call answered (usage reported, or output received): there is something to charge. */
  consumed: boolean;
  /** At least one provider call's tokens are our estimate, not the provider's count. */
  estimated: boolean;
}

interface Step {
  promptChars: number;
  outputChars: number;
  usage?: { input: number; output: number };
}

/**
 * What one reply's provider calls consumed, from the stream as it arrives (before any of it is cut or dropped):
 * each call's usage from its final chunk, or, when that never comes (the provider stopped, we stopped it, it sent
 * none), an estimate from the prompt and the output received so far. A call that answered nothing counts nothing.
 */
export class ReplyMeter {
  private readonly steps: Step[] = [];
  /** What earlier calls of this reply added to the next call's prompt: their output and the tools' results. */
  private carried = 0;
  private readonly streamedInputs = new Set<string>();

  constructor(private readonly basePromptChars: number) {}

  see(part: TextStreamPart<ToolSet>): void {
    switch (part.type) {
      case 'start-step':
        this.steps.push({ promptChars: this.basePromptChars + this.carried, outputChars: 0 });
        break;
      case 'text-delta':
      case 'reasoning-delta':
        this.output(part.text.length);
        break;
      case 'tool-input-delta':
        this.streamedInputs.add(part.id);
        this.output(part.delta.length);
        break;
      case 'tool-call':
        // Providers that send a call's input whole, not in deltas.
        if (!this.streamedInputs.has(part.toolCallId)) this.output(JSON.stringify(part.input ?? null).length);
        break;
      case 'tool-result':
        this.carried += JSON.stringify(part.output ?? null).length;
        break;
      case 'tool-error':
        this.carried += JSON.stringify(part.error ?? null).length;
        break;
      case 'finish-step': {
        const step = this.steps.at(-1);
        const { inputTokens, outputTokens } = part.usage;
        if (step && (inputTokens !== undefined || outputTokens !== undefined)) {
          step.usage = { input: inputTokens ?? 0, output: outputTokens ?? 0 };
        }
        break;
      }
    }
  }

  total(): MeteredUsage {
    const usage: MeteredUsage = { inputTokens: 0, outputTokens: 0, consumed: false, estimated: false };
    for (const s of this.steps) {
      if (s.usage) {
        usage.inputTokens += s.usage.input;
        usage.outputTokens += s.usage.output;
        usage.consumed = true;
      } else if (s.outputChars > 0) {
        usage.inputTokens += approxTokens(s.promptChars);
        usage.outputTokens += approxTokens(s.outputChars);
        usage.consumed = true;
        usage.estimated = true;
      }
    }
    return usage;
  }

  private output(chars: number) {
    const step = this.steps.at(-1);
    if (step) step.outputChars += chars;
    this.carried += chars;
  }
}
