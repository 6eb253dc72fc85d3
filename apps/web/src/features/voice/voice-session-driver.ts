import type { VoiceConversation } from '@elevenlabs/react';
import { fetchSignedUrl } from './api/signed-url';
import type { VoiceSessionDriver } from './voice-session-controller';

/**
 * The ElevenLabs SDK behind the session controller: one conversation over the websocket transport with a signed URL
 * (SDK pinned to major 1, where `connectionType: 'websocket'` must be explicit). The SDK is loaded on first use.
 */
const loadSdk = () => import('@elevenlabs/react');

/** The SDK's onError context names the tool when it reports a client tool call (BaseConversation.handleClientToolCall). */
const isClientToolReport = (context: unknown) => typeof context === 'object' && context !== null && 'clientToolName' in context;

export const elevenLabsDriver: VoiceSessionDriver = {
  fetchSignedUrl(signal) {
    void loadSdk().catch(() => {}); // loads while the URL is on its way; startSession reports a failure
    return fetchSignedUrl(signal);
  },
  async startSession(signedUrl, handlers, tools) {
    const { Conversation } = await loadSdk();
    const conversation = await Conversation.startSession({
      signedUrl,
      connectionType: 'websocket',
      textOnly: false,
      clientTools: {
        updateOnboardingData: (p: { field?: unknown; value?: unknown }) => tools.updateField(String(p?.field ?? ''), p?.value),
        nextStep: () => tools.nextStep(),
        completeOnboarding: () => tools.complete(),
      },
      onConnect: handlers.onConnect,
      onStatusChange: ({ status }) => handlers.onStatusChange(status),
      onModeChange: ({ mode }) => handlers.onModeChange(mode),
      onMessage: ({ message, role }) => handlers.onMessage(message, role),
      // a failed or unknown client tool call already went back to the agent as an error result, which it acts on (a
      // refused value, nextStep before the required fields): normal back-and-forth, not an issue to show the person
      onError: (_message, context) => void (isClientToolReport(context) || handlers.onError()),
      onDisconnect: (details) =>
        handlers.onDisconnect({ reason: details.reason, message: 'message' in details ? details.message : undefined }),
    });
    return conversation as VoiceConversation;
  },
};
