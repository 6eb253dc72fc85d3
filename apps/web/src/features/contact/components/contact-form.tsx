import { CheckCircle2, Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { clientRateLimiter } from '@/lib/client-rate-limit';
import { publicMessages } from '@/lib/messages/public';
import { sendContactMessage } from '../api/send-contact-message';
import type { ContactInput } from '../contact-schema';
import type { ContactErrors } from '../contact-validate';

// The rules (contact-schema, zod) load on the form's first focus or, at the latest, when it is first checked: a first
// visit to /contact does not load zod (issue 15, decision 0060). No form library either: four uncontrolled fields read
// with FormData (text typed before hydration stays in them) are not worth react-hook-form's 9 KB gzip (issue 15).
const loadValidate = () => import('../contact-validate').then((m) => m.validateContact);
const FIELDS = ['name', 'email', 'subject', 'message'] as const;
const valuesOf = (form: HTMLFormElement): ContactInput => {
  const data = new FormData(form);
  return Object.fromEntries(FIELDS.map((f) => [f, String(data.get(f) ?? '')])) as ContactInput;
};

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
  const [errors, setErrors] = useState<ContactErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // after a failed submit the fields are checked again as they change (react-hook-form's default, kept)
  const submitted = useRef(false);

  const check = async (form: HTMLFormElement) => {
    const result = (await loadValidate())(valuesOf(form));
    setErrors('errors' in result ? result.errors : {});
    return result;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    submitted.current = true;
    const result = await check(form);
    if (!('data' in result)) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setServerError(null);
    if (!clientRateLimiter.attempt('contact-form', LIMIT.max, LIMIT.windowMs)) return setServerError(publicMessages.contact.rateLimited);
    setSubmitting(true);
    const sent = await sendContactMessage(result.data).finally(() => setSubmitting(false));
    if (sent === 'sent') {
      toast.success(publicMessages.contact.sent);
      form.reset();
      submitted.current = false;
      setDone(true);
    } else setServerError(sent === 'rate-limited' ? publicMessages.contact.rateLimited : publicMessages.contact.failed);
  };

  if (done) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-card p-10 text-center">
        <CheckCircle2 className="size-12 text-success" aria-hidden="true" />
        <h2 className="text-2xl font-bold text-foreground">Message sent</h2>
        <p className="text-muted-foreground">{publicMessages.contact.sent}</p>
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
    name,
    disabled: isSubmitting,
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      onFocus={() => void loadValidate()}
      onChange={(e) => void (submitted.current && check(e.currentTarget))}
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
          <FieldError id="contact-name-error" message={errors.name} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="contact-email">Email</Label>
          <Input type="email" autoComplete="email" {...field('email')} />
          <FieldError id="contact-email-error" message={errors.email} />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="contact-subject">
          Subject <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input {...field('subject')} />
        <FieldError id="contact-subject-error" message={errors.subject} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea rows={6} {...field('message')} />
        <FieldError id="contact-message-error" message={errors.message} />
      </div>
      {serverError && <Alert variant="destructive">{serverError}</Alert>}
      <Button type="submit" variant="gradient" size="lg" disabled={isSubmitting} className="self-start">
        <Send aria-hidden="true" />
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
