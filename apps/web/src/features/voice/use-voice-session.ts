import type { VoiceConversation } from '@elevenlabs/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { messages } from '@/lib/messages';
import { validateText } from '@/lib/security-input';
import { fetchSignedUrl } from './api/signed-url';

export type VoiceStatus = 'connecting' | 'connected' | 'disconnecting' | 'disconnected';
export type VoiceMode = 'listening' | 'speaking';

/** The three client tools of docs/product.md#voice-assistant, as the wizard implements them. */
export interface VoiceTools {
  updateField(field: string, value: unknown): string;
  nextStep(): string;
  complete(): Promise<string>;
}

/**
 * One ElevenLabs conversation over the websocket transport with a signed URL (SDK pinned to major 1, where
 * `connectionType: 'websocket'` must be explicit). Tools read the wizard through a ref: the SDK captures them once.
 */
export function useVoiceSession(tools: VoiceTools) {
  const [status, setStatus] = useState<VoiceStatus>('disconnected');
  const [mode, setMode] = useState<VoiceMode>('listening');
  const [muted, setMuted] = useState(false);
  const [lastAgentLine, setLastAgentLine] = useState('');
  const conversation = useRef<VoiceConversation | null>(null);
  const starting = useRef(false);
  const toolsRef = useRef(tools);
  useEffect(() => {
    toolsRef.current = tools;
  }, [tools]);

  const start = useCallback(async () => {
    if (conversation.current || starting.current) return;
    starting.current = true;
    setStatus('connecting');
    try {
      const [{ Conversation }, signedUrl] = await Promise.all([import('@elevenlabs/react'), fetchSignedUrl()]);
      const c = await Conversation.startSession({
        signedUrl,
        connectionType: 'websocket',
        textOnly: false,
        clientTools: {
          updateOnboardingData: (p: { field?: unknown; value?: unknown }) => toolsRef.current.updateField(String(p?.field ?? ''), p?.value),
          nextStep: () => toolsRef.current.nextStep(),
          completeOnboarding: () => toolsRef.current.complete(),
        },
        onConnect: () => toast.success(messages.voice.ready),
        onStatusChange: ({ status: s }) => setStatus(s),
        onModeChange: ({ mode: m }) => setMode(m),
        onMessage: ({ message, role }) => {
          if (role === 'agent') return setLastAgentLine(message);
          // transcripts pass the same security validator as typed text (docs/product.md#voice-assistant): too long, or control characters
          const checked = validateText(message);
          if (!checked.valid) toast.error(messages.voice.invalidInput);
        },
        onError: () => toast.error(messages.voice.error),
        onDisconnect: (details) => {
          conversation.current = null;
          setStatus('disconnected');
          setMode('listening');
          if (details.reason === 'error')
            toast.error(messages.voice.error, { description: details.message || messages.voice.closedByServer });
        },
      });
      conversation.current = c as VoiceConversation;
    } catch (err) {
      console.warn('Voice assistant could not start', err);
      setStatus('disconnected');
      toast.error(messages.voice.connectFailed);
    } finally {
      starting.current = false;
    }
  }, []);

  const stop = useCallback(async () => {
    const c = conversation.current;
    conversation.current = null;
    if (c) await c.endSession().catch(() => {});
    setStatus('disconnected');
  }, []);

  const toggleMute = useCallback(() => {
    setMuted((m) => {
      conversation.current?.setVolume({ volume: m ? 1 : 0 });
      return !m;
    });
  }, []);

  // end the conversation when the wizard goes away
  useEffect(() => () => void conversation.current?.endSession().catch(() => {}), []);

  return { status, mode, muted, lastAgentLine, start, stop, toggleMute };
}
