import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, openPage, test } from './fixtures';
import { serviceClient, signedInUser } from './support/auth';

// Issue 42: "Download my data" on /user saves one zip of the customer's data (server/src/export), with a busy state.
const SHOTS = process.env.E2E_SHOTS_DIR;

async function writePlan(token: string) {
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_PORT}/functions/v1/plan/edits`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      edits: [
        {
          op: 'createPlan',
          title: 'Harbour Bakes: first 90 days',
          phases: [
            { name: 'Foundations', tasks: [{ title: 'Write the brand story' }] },
            { name: 'Momentum', tasks: [{ title: 'Launch the loyalty card' }] },
          ],
        },
      ],
    }),
  });
  expect(res.status).toBe(200);
}

test('/user downloads my data as one zip: profile, metrics, plan, conversations and a README', async ({ page }) => {
  const user = await signedInUser(page);
  const admin = await serviceClient();
  await admin.from('business_profiles').update({ business_name: 'Harbour Bakes' }).eq('user_id', user.id).throwOnError();
  await admin
    .from('metric_values')
    .insert({ user_id: user.id, metric_id: 'revenue', period: 'month', period_start: '2026-01-01', value: 11240 })
    .throwOnError();
  await writePlan(user.session.access_token);
  const conv = await admin
    .from('coach_conversations')
    .insert({ user_id: user.id, title: 'Revenue last month' })
    .select('id')
    .single()
    .throwOnError();
  await admin
    .from('coach_messages')
    .insert([
      { conversation_id: conv.data.id, user_id: user.id, role: 'user', parts: [{ type: 'text', text: 'How did revenue do last month?' }] },
      { conversation_id: conv.data.id, user_id: user.id, role: 'assistant', parts: [{ type: 'text', text: 'Revenue was £11,240.' }] },
    ])
    .throwOnError();

  await page.setViewportSize({ width: 1440, height: 900 });
  await openPage(page, '/user');
  const button = page.getByRole('button', { name: 'Download my data' });
  await button.scrollIntoViewIfNeeded();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-data-export-1440.png` });

  // hold the answer back until the busy state has been seen, so it is seen
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/functions/v1/data-export', async (route) => {
    await held;
    await route.continue();
  });
  const download = page.waitForEvent('download');
  await button.click();
  const busy = page.getByRole('button', { name: 'Preparing your download...' });
  await expect(busy).toBeDisabled();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-data-export-1440-busy.png` });
  release();
  const file = await download;
  await expect(page.getByText('Your data has been downloaded.')).toBeVisible();
  await expect(button).toBeEnabled();

  expect(file.suggestedFilename()).toMatch(/^vibe-business-coach-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = unzipSync(new Uint8Array(await readFile(await file.path())));
  const names = Object.keys(entries);
  expect(names).toEqual([
    'README.txt',
    'profile.json',
    'profile.txt',
    'metrics.csv',
    'plan/90-day-plan.csv',
    'plan/90-day-plan.ics',
    expect.stringMatching(/^conversations\/\d{4}-\d{2}-\d{2}-revenue-last-month-[0-9a-f]{8}\.md$/),
  ]);
  const text = (name: string) => strFromU8(entries[name]!);
  expect(text('README.txt')).toContain('right to data portability');
  expect(JSON.parse(text('profile.json'))).toMatchObject({
    account: { email: user.email },
    business_profile: { business_name: 'Harbour Bakes' },
  });
  expect(text('metrics.csv')).toBe('metric,period,period_start,value,source\r\nrevenue,month,2026-01-01,11240,manual\r\n');
  expect(text('plan/90-day-plan.csv')).toContain('Write the brand story');
  expect(text('plan/90-day-plan.ics')).toContain('BEGIN:VCALENDAR');
  expect(text(names[6]!)).toContain('Revenue was £11,240.');
});

test('/user says why a download failed, from the catalogue', async ({ page, pageErrors }) => {
  pageErrors.expectError(/status of 429/); // the refused export, on purpose
  await signedInUser(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await openPage(page, '/user');
  await page.route('**/functions/v1/data-export', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'Retry-After': '60' },
      body: '{"success":false,"code":"over_request_rate_limit","error":"Too many requests. Please try again later."}',
    }),
  );
  const button = page.getByRole('button', { name: 'Download my data' });
  await button.scrollIntoViewIfNeeded();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-data-export-375.png` });
  await button.click();
  await expect(page.getByText('You have downloaded your data several times in the last hour. Please try again later.')).toBeVisible();
  await expect(button).toBeEnabled();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-data-export-375-error.png` });
});
