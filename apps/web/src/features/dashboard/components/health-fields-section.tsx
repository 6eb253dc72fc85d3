import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';
import { businessProfileQuery } from '@/lib/data/business-profiles';
import { useAuth } from '@/lib/session/auth-context';
import { HealthFieldsForm } from './health-fields-form';

/** The health score's essentials for /user (issue 42 item 4): the same form as the Dashboard view, on the same row. */
export function HealthFieldsSection() {
  const userId = useAuth().user?.id;
  const profile = useQuery(businessProfileQuery(userId));
  if (profile.isPending) return <Spinner className="size-5 text-primary" label="Loading your business profile" />;
  return <HealthFieldsForm key={userId} userId={userId} profile={profile.data ?? null} />;
}
