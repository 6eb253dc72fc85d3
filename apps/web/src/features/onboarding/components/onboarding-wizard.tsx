import { ArrowLeft, ArrowRight, Rocket } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { StepComplete } from '../steps/step-complete';
import { StepFoundation } from '../steps/step-foundation';
import { StepGoals } from '../steps/step-goals';
import { StepOperations } from '../steps/step-operations';
import { StepPreferences } from '../steps/step-preferences';
import { StepWelcome } from '../steps/step-welcome';
import type { VoiceLayerProps } from '../types';
import { LAST_STEP, useOnboarding } from '../use-onboarding';
import { DARK_SURFACE } from './dark-surface';
import { StepProgress } from './step-badges';

/** Renders its children when no voice layer is plugged in. */
function NoVoice({ children }: VoiceLayerProps) {
  return <>{children({ header: null, footer: null })}</>;
}

/**
 * The six-step onboarding wizard (docs/product.md#onboarding). A page plugs in the voice layer (features must not import each
 * other): `<OnboardingWizard voiceLayer={VoiceAssistant} onCompleted={...} />`.
 */
export function OnboardingWizard({
  voiceLayer: VoiceLayer = NoVoice,
  onCompleted,
  onBackToLogin,
  startAt,
  aside,
}: {
  voiceLayer?: ComponentType<VoiceLayerProps>;
  onCompleted: () => void;
  onBackToLogin?: () => void;
  startAt?: number;
  aside?: ReactNode;
}) {
  const w = useOnboarding({ onCompleted, startAt });
  const stepProps = { data: w.data, errors: w.errors, update: w.update };
  const goalsMissing = w.step === 2 && w.data.goals.length === 0;
  const setVoice = (voiceEnabled: boolean) => w.update('preferences', { ...w.data.preferences, voiceEnabled });

  if (w.loading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner className="size-8 text-primary" />
      </div>
    );
  }

  return (
    <VoiceLayer enabled={w.data.preferences.voiceEnabled} onEnabledChange={setVoice} tools={w.tools} step={w.step}>
      {({ header, footer }) => (
        <Card
          className="mx-auto w-full max-w-4xl overflow-hidden border-border bg-card text-card-foreground shadow-2xl"
          style={DARK_SURFACE}
        >
          <div className="space-y-4 border-b bg-secondary/30 p-4 sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h1 className="text-lg font-semibold">Business setup</h1>
              <div className="flex flex-wrap items-center gap-2">
                {header}
                {onBackToLogin && (
                  <Button variant="ghost" size="sm" onClick={onBackToLogin}>
                    <ArrowLeft aria-hidden="true" /> Back to Login
                  </Button>
                )}
              </div>
            </div>
            <StepProgress step={w.step} />
            {aside}
          </div>
          <section className="p-4 sm:p-8" aria-label="Onboarding step">
            {w.step === 0 && <StepWelcome />}
            {w.step === 1 && <StepFoundation {...stepProps} />}
            {w.step === 2 && <StepGoals {...stepProps} />}
            {w.step === 3 && <StepOperations {...stepProps} />}
            {w.step === 4 && <StepPreferences {...stepProps} />}
            {w.step === 5 && <StepComplete data={w.data} />}
          </section>
          <div className="flex flex-col-reverse gap-3 border-t bg-secondary/30 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
            <div className="flex justify-center sm:justify-start">{footer}</div>
            <div className="flex gap-3">
              {w.step > 0 && (
                <Button variant="outline" className="flex-1 sm:flex-none" onClick={w.previous} disabled={w.completing}>
                  <ArrowLeft aria-hidden="true" /> Previous
                </Button>
              )}
              {w.step === 0 && (
                <Button variant="gradient" size="lg" className="flex-1 sm:flex-none" onClick={w.next}>
                  Let's Get Started <ArrowRight aria-hidden="true" />
                </Button>
              )}
              {w.step > 0 && w.step < LAST_STEP && (
                <Button variant="gradient" className="flex-1 sm:flex-none" onClick={w.next} disabled={goalsMissing}>
                  Next <ArrowRight aria-hidden="true" />
                </Button>
              )}
              {w.step === LAST_STEP && (
                <Button
                  variant="gradient"
                  size="lg"
                  className="flex-1 sm:flex-none"
                  onClick={() => void w.complete()}
                  disabled={w.completing}
                >
                  <Rocket aria-hidden="true" /> {w.completing ? 'Launching...' : 'Launch My Dashboard'}
                </Button>
              )}
            </div>
          </div>
        </Card>
      )}
    </VoiceLayer>
  );
}
