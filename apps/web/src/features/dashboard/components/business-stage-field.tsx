import { messages } from '@/lib/messages';
import { toast } from '@/lib/toast';
import { BUSINESS_STAGES, useSaveBusinessStage, type BusinessStage } from '../api/profile';

const isStage = (v: string): v is BusinessStage => (BUSINESS_STAGES as readonly string[]).includes(v);

/**
 * The business stage as the onboarding worked it out (growth once a team size is set, the specification's rule),
 * which a solo founder may need to correct (issue 44): saved on change.
 */
export function BusinessStageField({ userId, stage }: { userId: string | undefined; stage: string | null | undefined }) {
  const save = useSaveBusinessStage(userId);
  const current = stage && isStage(stage) ? stage : 'startup';
  return (
    <>
      <select
        aria-label={messages.dashboard.stageLabel}
        aria-describedby="stage-explained"
        className="flex h-9 w-full max-w-48 cursor-pointer rounded-md border border-input bg-background px-3 py-1.5 text-sm text-foreground disabled:cursor-not-allowed disabled:opacity-50"
        value={save.isPending && save.variables ? save.variables : current}
        disabled={!userId || save.isPending}
        onChange={(e) => {
          const next = e.target.value;
          if (!isStage(next)) return;
          save.mutate(next, {
            onSuccess: () => void toast.success(messages.dashboard.stageSaved),
            onError: () => void toast.error(messages.dashboard.saveFailed),
          });
        }}
      >
        {BUSINESS_STAGES.map((s) => (
          <option key={s} value={s}>
            {messages.dashboard.stages[s]}
          </option>
        ))}
      </select>
      <span id="stage-explained" className="mt-1 block text-xs text-muted-foreground">
        {messages.dashboard.stageExplained}
      </span>
    </>
  );
}
