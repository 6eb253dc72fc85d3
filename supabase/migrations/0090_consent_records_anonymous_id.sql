-- Proof of consent needs to say *who* decided (UK GDPR Art. 7(1), ICO "How should we record consent?"): a visitor has
-- no account, so the browser keeps a pseudonymous id (local storage cookie-consent-id) and sends it with each decision.
alter table public.consent_records add column if not exists anonymous_id uuid;
create index if not exists consent_records_anonymous_id_idx on public.consent_records (anonymous_id, created_at desc);
