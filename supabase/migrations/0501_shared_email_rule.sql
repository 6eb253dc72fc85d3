-- The e-mail rule is written once, in packages/shared/src/email.ts; these checks use its EMAIL_PATTERN_SOURCE as it
-- is. The old checks said [:space:], which misses the Unicode spaces the browser's rule refuses (no-break space,
-- U+2028...), so the two sides disagreed. server/test/rest-waitlist.service.test.ts feeds both the same addresses.
-- NOT VALID: rows already stored are not re-judged (a deploy must not fail on an old row); every new one is.
alter table public.ebook_subscribers drop constraint if exists ebook_subscribers_email_check;
alter table public.ebook_subscribers add constraint ebook_subscribers_email_check
  check (char_length(email) <= 320 and email ~ '^[^@\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+@[^@\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+\.[^@\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$') not valid;

alter table public.contact_messages drop constraint if exists contact_messages_email_check;
alter table public.contact_messages add constraint contact_messages_email_check
  check (char_length(email) <= 320 and email ~ '^[^@\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+@[^@\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+\.[^@\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$') not valid;
