import { ONBOARDING_STEPS } from '@app/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { messages } from '@/lib/messages';
import { runtimeConfig } from '@/lib/runtime-config';
import { fromRow, loadBusinessProfile, saveCompletion, saveProgress, useRefreshBusinessProfile } from './api/business-profile';
import { applyFieldUpdate } from './field-values';
import { storeCompletion } from './local-context';
import { EMPTY_ONBOARDING, type OnboardingData, type StepErrors, type WizardTools } from './types';
import { validateStep } from './validation';

export const LAST_STEP = ONBOARDING_STEPS - 1;
const clamp = (n: number) => Math.min(LAST_STEP, Math.max(0, n));
/** Typed answers are saved this long after the last keystroke (issue 14 item 5), not only on Next. */
export const SAVE_DEBOUNCE_MS = 600;

/**
 * The wizard's state (docs/product.md#onboarding): step 0..5 clamped, validation on steps 2 and 3, progress saved after each step,
 * resumed from business_profiles, and completion. The visual form and the voice tools share it.
 */
export function useOnboarding({ onCompleted, startAt }: { onCompleted: () => void; startAt?: number }) {
  const { user } = useAuth();
  const userId = user?.id;
  const refreshProfile = useRefreshBusinessProfile();
  const [data, setData] = useState<OnboardingData>(EMPTY_ONBOARDING);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<StepErrors>({});
  // nothing to load without a user: the wizard starts empty at once
  const [loading, setLoading] = useState(Boolean(userId));
  const [completing, setCompleting] = useState(false);
  // Voice tools run outside React's render cycle: they read the latest state through refs.
  const dataRef = useRef(data);
  const stepRef = useRef(step);

  useEffect(() => {
    let cancelled = false;
    if (!userId) return;
    loadBusinessProfile(userId)
      .then((row) => {
        if (cancelled || !row) return;
        dataRef.current = fromRow(row);
        stepRef.current = clamp(startAt ?? (row.onboarding_completed ? 0 : row.current_step));
        setData(dataRef.current);
        setStep(stepRef.current);
      })
      .catch((err: unknown) => console.warn('Could not load the saved onboarding answers', err))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [userId, startAt]);

  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const persist = useCallback(
    (next: OnboardingData, nextStep: number) => {
      clearTimeout(saveTimer.current);
      if (!userId) return;
      saveProgress(userId, next, nextStep).catch((err: unknown) => console.warn('Could not save onboarding progress', err));
    },
    [userId],
  );
  // every edit (typed or by voice) is saved once the person pauses, so a reload on any device restores it
  const scheduleSave = useCallback(() => {
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => persist(dataRef.current, stepRef.current), SAVE_DEBOUNCE_MS);
  }, [persist]);
  useEffect(() => () => clearTimeout(saveTimer.current), []);

  const goTo = useCallback(
    (target: number): string | null => {
      const current = stepRef.current;
      const to = clamp(target);
      if (to > current) {
        const problems = validateStep(current, dataRef.current);
        setErrors(problems);
        if (Object.keys(problems).length) return Object.values(problems).join(' ');
      }
      stepRef.current = to;
      setStep(to);
      persist(dataRef.current, to);
      return null;
    },
    [persist],
  );

  const next = useCallback(() => goTo(stepRef.current + 1), [goTo]);
  const previous = useCallback(() => goTo(stepRef.current - 1), [goTo]);

  const update = useCallback(
    <K extends keyof OnboardingData>(key: K, value: OnboardingData[K]) => {
      dataRef.current = { ...dataRef.current, [key]: value };
      setData(dataRef.current);
      // editing a field clears its error (docs/product.md#onboarding)
      setErrors((e) => (key in e ? { ...e, [key]: undefined } : e));
      scheduleSave();
    },
    [scheduleSave],
  );

  const complete = useCallback(async (): Promise<boolean> => {
    setCompleting(true);
    try {
      if (!userId) throw new Error('Not signed in');
      clearTimeout(saveTimer.current);
      await saveCompletion(userId, dataRef.current);
      refreshProfile();
      storeCompletion(dataRef.current);
      toast.success(messages.onboarding.completed(runtimeConfig().brandName));
      onCompleted();
      return true;
    } catch (err) {
      console.warn('Onboarding completion failed', err);
      toast.error(messages.onboarding.completeFailed);
      return false;
    } finally {
      setCompleting(false);
    }
  }, [userId, onCompleted, refreshProfile]);

  const tools = useMemo<WizardTools>(
    () => ({
      updateField(field, value) {
        const updated = applyFieldUpdate(dataRef.current, field, value);
        dataRef.current = updated;
        setData(updated);
        setErrors({});
        scheduleSave();
        return `Updated ${field}`;
      },
      nextStep() {
        if (stepRef.current >= LAST_STEP) return 'Already on the last step; call completeOnboarding to finish.';
        const problem = next();
        if (problem) throw new Error(problem);
        return `Moved to step ${stepRef.current + 1} of ${ONBOARDING_STEPS}`;
      },
      async complete() {
        if (!(await complete())) throw new Error(messages.onboarding.completeFailed);
        return 'Onboarding completed';
      },
    }),
    [next, complete, scheduleSave],
  );

  return { data, step, errors, loading, completing, update, next, previous, complete, tools };
}
