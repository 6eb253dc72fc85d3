import { CheckCircle2, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { clientRateLimiter } from '@/lib/client-rate-limit';
import { messages } from '@/lib/messages';
import { sendContactMessage } from '../api/send-contact-message';
import type { ContactInput, ContactMessage } from '../contact-schema';

// The rules (contact-schema, zod) load on the form's first focus or, at the latest, when it is first checked: a first
// visit to /contact does not load zod (issue 15, decision 0060).
const loadResolver = () => import('../contact-resolver').then((m) => m.contactResolver);
const resolver: Resolver<ContactInput, unknown, ContactMessage> = async (values, context, options) =>
  (await loadResolver())(values, context, options);

/** Three messages per ten minutes from one page: spares the server obvious repeats (it enforces its own limit per IP). */
const LIMIT = { max: 3, windowMs: 10 * 60 * 1000 };

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm text-red-300">
      {message}
    </p>
  ) : null;
}

/** The contact form: validated, sanitised, rate-limited, stored in contact_messages. */
export function ContactForm() {
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactMessage>({
    resolver,
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });

  const onSubmit = async (data: ContactMessage) => {
    setServerError(null);
    if (!clientRateLimiter.attempt('contact-form', LIMIT.max, LIMIT.windowMs)) return setServerError(messages.contact.rateLimited);
    const result = await sendContactMessage(data);
    if (result === 'sent') {
      toast.success(messages.contact.sent);
      reset();
      setDone(true);
    } else setServerError(result === 'rate-limited' ? messages.contact.rateLimited : messages.contact.failed);
  };

  if (done) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-card p-10 text-center">
        <CheckCircle2 className="size-12 text-success" aria-hidden="true" />
        <h2 className="text-2xl font-bold text-foreground">Message sent</h2>
        <p className="text-muted-foreground">{messages.contact.sent}</p>
        <Button variant="outline" onClick={() => setDone(false)}>
          Send another message
        </Button>
      </div>
    );
  }

  const field = (name: keyof ContactInput) => ({
    id: `contact-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    disabled: isSubmitting,
    ...register(name),
  });

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      onFocus={() => void loadResolver()}
      noValidate
      aria-labelledby="contact-form-title"
      className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-6 sm:p-8"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold text-foreground">
        Send us a message
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="contact-name">Name</Label>
          <Input autoComplete="name" {...field('name')} />
          <FieldError id="contact-name-error" message={errors.name?.message} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="contact-email">Email</Label>
          <Input type="email" autoComplete="email" {...field('email')} />
          <FieldError id="contact-email-error" message={errors.email?.message} />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="contact-subject">
          Subject <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input {...field('subject')} />
        <FieldError id="contact-subject-error" message={errors.subject?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea rows={6} {...field('message')} />
        <FieldError id="contact-message-error" message={errors.message?.message} />
      </div>
      {serverError && <Alert variant="destructive">{serverError}</Alert>}
      <Button type="submit" variant="gradient" size="lg" disabled={isSubmitting} className="self-start">
        <Send aria-hidden="true" />
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
