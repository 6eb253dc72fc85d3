import { describe, expect, it } from 'vitest';
import { contactSchema } from './contact-schema';

describe('contactSchema', () => {
  it('stores the fields as typed (trimmed), HTML-looking text included', () => {
    const parsed = contactSchema.parse({ name: ' <b>Ann</b> ', email: 'Ann@Example.com', subject: 'a < b', message: '<script>x</script>' });
    expect(parsed).toEqual({ name: '<b>Ann</b>', email: 'ann@example.com', subject: 'a < b', message: '<script>x</script>' });
  });
});
