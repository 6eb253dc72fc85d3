import { Mic, MicOff, Volume2, VolumeX } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { messages } from '@/lib/messages';
import { runtimeConfig } from '@/lib/runtime-config';
import { cn } from '@/lib/utils';
import { useVoiceSession, type VoiceTools } from './use-voice-session';

/** The wizard's voice layer props (structurally the onboarding feature's VoiceLayerProps). */
export interface VoiceAssistantProps {
  enabled: boolean;
  onEnabledChange(enabled: boolean): void;
  tools: VoiceTools;
  step: number;
  children(ui: { header: ReactNode; footer: ReactNode }): ReactNode;
}

/** Voice off for this deployment (no ElevenLabs configuration): say so once, keep the wizard visual. */
function Unavailable({ children }: Pick<VoiceAssistantProps, 'children'>) {
  return (
    <>
      {children({
        header: <Badge variant="secondary">Voice unavailable</Badge>,
        footer: <Pill tone="muted">Voice assistant is unavailable. Continue with the form.</Pill>,
      })}
    </>
  );
}

function Pill({ tone, children }: { tone: 'speaking' | 'listening' | 'muted'; children: ReactNode }) {
  return (
    <p
      aria-live="polite"
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-xs font-medium',
        tone === 'speaking' && 'border-violet-500/50 bg-violet-500/15 text-violet-200',
        tone === 'listening' && 'border-emerald-500/50 bg-emerald-500/10 text-emerald-300',
        tone === 'muted' && 'border-border bg-secondary text-muted-foreground',
      )}
    >
      <span
        className={cn(
          'size-2 rounded-full',
          tone === 'speaking'
            ? 'animate-pulse bg-violet-400'
            : tone === 'listening'
              ? 'animate-pulse bg-emerald-400'
              : 'bg-muted-foreground',
        )}
        aria-hidden="true"
      />
      {children}
    </p>
  );
}

function LiveVoice({ enabled, onEnabledChange, tools, children }: VoiceAssistantProps) {
  const voice = useVoiceSession(tools);
  const { start, stop } = voice;

  // docs/product.md#voice-assistant: the session starts when the wizard opens with voice on; the toggle starts or ends it.
  useEffect(() => {
    if (enabled) void start();
    else void stop();
  }, [enabled, start, stop]);

  const connected = voice.status === 'connected';
  // the toggle shows the real state: after the conversation ended on its own it reads Voice Off, and pressing it reconnects
  const voiceOn = enabled && !voice.ended;
  const turnOn = () => (enabled ? void start() : onEnabledChange(true));
  const header = (
    <>
      <Badge variant={connected ? 'default' : 'secondary'} aria-live="polite">
        {connected ? 'Ready' : voice.status === 'connecting' ? 'Connecting' : 'Voice Off'}
      </Badge>
      <Button
        variant="outline"
        size="sm"
        aria-pressed={voiceOn}
        onClick={() => {
          if (!voiceOn) return turnOn();
          onEnabledChange(false);
          // turning voice off ends the session in the click itself, not a render later: no audio chunk after the opt-out
          void stop();
        }}
      >
        {voiceOn ? <Mic aria-hidden="true" /> : <MicOff aria-hidden="true" />} {voiceOn ? 'Voice On' : 'Voice Off'}
      </Button>
      <Button
        variant="outline"
        size="icon"
        aria-label={voice.muted ? 'Unmute assistant' : 'Mute assistant'}
        aria-pressed={voice.muted}
        onClick={voice.toggleMute}
        disabled={!connected}
      >
        {voice.muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
      </Button>
      {enabled && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            onEnabledChange(false);
            void stop();
            toast.info(messages.voice.skipped);
          }}
        >
          Skip Voice
        </Button>
      )}
    </>
  );
  const footer = !voiceOn ? null : connected && voice.mode === 'speaking' ? (
    <Pill tone="speaking">Assistant is speaking...</Pill>
  ) : connected ? (
    <Pill tone="listening">Listening...</Pill>
  ) : (
    <Pill tone="muted">Ready for voice input</Pill>
  );
  return (
    <>
      {children({
        header,
        footer: (
          <div className="flex flex-col items-center gap-1 sm:items-start">
            {footer}
            {voiceOn && voice.lastAgentLine && <p className="max-w-md text-xs text-muted-foreground">{voice.lastAgentLine}</p>}
          </div>
        ),
      })}
    </>
  );
}

/** The voice layer of the onboarding wizard (docs/product.md#voice-assistant): pages pass it to OnboardingWizard as `voiceLayer`. */
export function VoiceAssistant(props: VoiceAssistantProps) {
  return runtimeConfig().voiceAvailable ? <LiveVoice {...props} /> : <Unavailable>{props.children}</Unavailable>;
}
