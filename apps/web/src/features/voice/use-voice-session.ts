import { useCallback, useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { messages } from '@/lib/messages';
import { validateText } from '@/lib/security-input';
import { VoiceSessionController, type VoiceMode, type VoiceStatus, type VoiceTools } from './voice-session-controller';
import { elevenLabsDriver } from './voice-session-driver';

export type { VoiceMode, VoiceStatus, VoiceTools } from './voice-session-controller';

/** The wizard's voice conversation as React state; the controller decides what an opt-out ends or prevents. */
export function useVoiceSession(tools: VoiceTools) {
  const [status, setStatus] = useState<VoiceStatus>('disconnected');
  const [mode, setMode] = useState<VoiceMode>('listening');
  const [muted, setMuted] = useState(false);
  const [lastAgentLine, setLastAgentLine] = useState('');
  // the conversation ended without the person turning voice off (agent, network, failed start): voice is off until restarted
  const [ended, setEnded] = useState(false);
  const [controller] = useState(
    () =>
      new VoiceSessionController(elevenLabsDriver, {
        refusal: messages.voice.toolRefused,
        onConnect: () => toast.success(messages.voice.ready),
        onStatusChange: setStatus,
        onModeChange: setMode,
        onMessage: (message, role) => {
          if (role === 'agent') return setLastAgentLine(message);
          // transcripts pass the same security validator as typed text (docs/product.md#voice-assistant): too long, or control characters
          if (!validateText(message).valid) toast.error(messages.voice.invalidInput);
        },
        onError: () => toast.error(messages.voice.error),
        onDisconnect: (details) => {
          setEnded(true);
          setStatus('disconnected');
          setMode('listening');
          if (details.reason === 'error')
            toast.error(messages.voice.error, { description: details.message || messages.voice.closedByServer });
        },
        onStartFailed: (err) => {
          setEnded(true);
          console.warn('Voice assistant could not start', err);
          toast.error(messages.voice.connectFailed);
        },
      }),
  );

  // the SDK captures the tools once per conversation: they read the wizard's latest through the controller
  useEffect(() => controller.setTools(tools), [controller, tools]);

  const start = useCallback(() => {
    setEnded(false);
    return controller.start();
  }, [controller]);
  const stop = useCallback(() => controller.stop(), [controller]);
  const toggleMute = useCallback(() => {
    setMuted((m) => {
      controller.setVolume(m ? 1 : 0);
      return !m;
    });
  }, [controller]);

  // end the conversation when the wizard goes away (also one still connecting)
  useEffect(() => () => void controller.stop(), [controller]);

  return { status, mode, muted, lastAgentLine, ended, start, stop, toggleMute };
}
