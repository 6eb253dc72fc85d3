import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { publicMessages } from '@/lib/messages/public';
import { paths } from '@/lib/paths';

/** Every plan button, whatever the visitor's state: the info toast, then the waitlist (docs/product.md#pricing). */
export function useChoosePlan() {
  const navigate = useNavigate();
  return () => {
    toast.info(publicMessages.pricing.joinWaitlistToast);
    void navigate(paths.joinWaitlist);
  };
}
