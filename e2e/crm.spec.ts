import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, test, toastsGone } from './fixtures';
import { axeBuilder } from './support/axe';
import { startOwnServer } from './support/coach-helpers';
import { startFakeOpenAI, type FakeProvider } from './support/fake-openai';

// Issue 43: the CRM the customer works in (contacts, a contact's timeline, the pipeline board, tasks, the CSV
// import) and the coach working on it. Its own server, whose AI provider is the local OpenAI stand-in.
const SHOTS = process.env.E2E_SHOTS_DIR;
/** A screenshot once the toasts have gone (they would cover the top right of the view). */
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await toastsGone(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
const axeViolations = async (page: Page, within?: string) => {
  const axe = axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (within) axe.include(within);
  return (await axe.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
};

let fake: FakeProvider;
let site: Awaited<ReturnType<typeof startOwnServer>>;

/** The dashboard's CRM view at 1440 px (tall enough that nothing needs a full-page capture). */
async function openCrm(page: Page, tab?: string) {
  await page.setViewportSize({ width: 1440, height: 1100 });
  await page.goto(`${site.server.url}/dashboard`);
  await page.getByRole('navigation', { name: 'Dashboard views' }).getByRole('button', { name: 'CRM' }).click();
  if (tab) await page.getByRole('tab', { name: tab }).click();
}

const stage = (page: Page, name: string) => page.getByTestId('crm-stage').filter({ has: page.getByRole('heading', { name, exact: true }) });
const deal = (where: Page | Locator, title: string) => where.getByTestId('crm-deal').filter({ hasText: title });

/** A contact of the user's, written as the service (the way an import or a connection would have left it). */
async function seedContact(userId: string, row: Record<string, unknown>) {
  const r = await site.admin
    .from('crm_contacts')
    .insert({ user_id: userId, ...row })
    .select('id')
    .single();
  if (r.error) throw r.error;
  return r.data.id as string;
}

/**
 * After a keyboard pick-up: dnd-kit adds its arrow-key listener in a setTimeout, and React may announce the pick-up
 * before that timer runs (a busy machine pressed ArrowRight in between, and the deal never moved). A timer set now
 * in the page runs after dnd-kit's.
 */
async function keysListened(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

/** Drags a card with the mouse (pointer events, in steps) to the middle of a column's list. */
async function dragWithMouse(page: Page, card: Locator, column: Locator) {
  const from = (await card.boundingBox())!;
  const to = (await column.getByRole('list').boundingBox())!;
  // the card's lower edge: its figures, not one of its buttons
  const x = from.x + from.width - 12;
  const y = from.y + from.height - 6;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 8, y + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 20 });
  await page.mouse.move(to.x + to.width / 2, to.y + 44, { steps: 2 });
  await page.mouse.up();
}

test.describe('CRM', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  test.use({ actionTimeout: 15_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    fake = await startFakeOpenAI();
    site = await startOwnServer('crm', { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseURL, AI_API_KEY: 'x', AI_MODEL: 'test' });
  });
  test.afterAll(async () => {
    await site?.close();
    await fake?.close();
  });
  test.beforeEach(() => fake.reset());

  test('imports a CSV: columns guessed, a bad row and a duplicate in the preview, the import and its result', async ({ page }) => {
    const user = await site.signedInUser(page);
    await seedContact(user.id, { name: 'Dana Old', email: 'dana@old.test', tags: ['customer'] });
    await openCrm(page, 'Import');
    const panel = page.getByTestId('crm-import');
    const csv = [
      'Full Name,E-mail Address,Organisation,Labels,Mobile',
      'Ann Lee,ann@acme.test,Acme Ltd,vip; fair,07700 900001',
      'Bob Stone,bob@stone.test,,newsletter,',
      'Cy Bad,cy-at-example,Acme Ltd,,',
      'Dana Newer,DANA@old.test,Old Co,vip,07700 900004',
    ].join('\n');
    await panel.getByLabel('CSV file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    // the columns are guessed from the headers
    await expect(panel.getByRole('combobox', { name: 'Field for the column "Full Name"' })).toHaveValue('name');
    await expect(panel.getByRole('combobox', { name: 'Field for the column "E-mail Address"' })).toHaveValue('email');
    await expect(panel.getByRole('combobox', { name: 'Field for the column "Organisation"' })).toHaveValue('company');
    await expect(panel.getByRole('combobox', { name: 'Field for the column "Labels"' })).toHaveValue('tags');
    await expect(panel.getByRole('combobox', { name: 'Field for the column "Mobile"' })).toHaveValue('phone');

    // the preview: every row with its problems, the bad row named, the duplicate counted by a dry run on the server
    const preview = panel.getByTestId('crm-import-preview');
    await expect(preview.getByRole('row')).toHaveCount(5);
    await expect(preview.getByRole('row').filter({ hasText: 'Cy Bad' })).toContainText('E-mail is not an e-mail address');
    await expect(preview.getByRole('row').filter({ hasText: 'Ann Lee' })).toContainText('OK');
    await expect(panel.getByTestId('crm-import-problems')).toContainText('Row 4: E-mail is not an e-mail address');
    await expect(panel.getByTestId('crm-import-summary')).toHaveText('4 rows in the file, 3 ready to import.');
    await expect(panel.getByTestId('crm-import-dry-run')).toHaveText('This import will add 2 new contacts, merge 1 and skip 0.');
    // choosing "skip" for addresses already in the CRM asks again
    await panel.getByRole('radio', { name: /^Skip/ }).check();
    await expect(panel.getByTestId('crm-import-dry-run')).toHaveText('This import will add 2 new contacts, merge 0 and skip 1.');
    await panel.getByRole('radio', { name: /^Merge/ }).check();
    await expect(panel.getByTestId('crm-import-dry-run')).toHaveText('This import will add 2 new contacts, merge 1 and skip 0.');
    await shot(page, 'crm-import-preview-1440');
    expect(await axeViolations(page, '[data-testid="crm"]')).toEqual([]);

    await panel.getByRole('button', { name: 'Import 3 rows' }).click();
    const result = page.getByTestId('crm-import-result');
    await expect(result.getByRole('definition')).toHaveText(['2', '1', '0', '1']);
    await expect(result).toContainText('2 companies added.');
    await shot(page, 'crm-import-result-1440');

    // the contacts: the merged one keeps its tags and takes the file's
    await result.getByRole('button', { name: 'View contacts' }).click();
    await expect(page.getByTestId('crm-contacts-total')).toHaveText('3 contacts');
    const table = page.getByRole('table', { name: 'Contacts list' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row').filter({ hasText: 'Dana Newer' })).toContainText('customer');
    await expect(table.getByRole('row').filter({ hasText: 'Dana Newer' })).toContainText('vip');
    await expect(table.getByRole('row').filter({ hasText: 'Dana Newer' })).toContainText('Old Co');
    // search is instant and reaches companies
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('acme');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('Ann Lee');
    await expect(page.getByText('Cy Bad')).toHaveCount(0);
  });

  test('moves deals across stages by mouse and by keyboard; the moves persist and reach the timeline', async ({ page }) => {
    await site.signedInUser(page);
    await openCrm(page, 'Contacts');

    // a contact through the form: field errors first, then saved (its panel opens)
    await page.getByRole('button', { name: 'New contact' }).click();
    const form = page.getByRole('dialog', { name: 'New contact' });
    await form.getByLabel('E-mail').fill('ann@acme');
    await form.getByRole('button', { name: 'Save' }).click();
    // each problem beside its field, read out with it
    await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
    await expect(form.getByLabel('E-mail')).toHaveAccessibleDescription('Enter an e-mail address like name@example.com');
    await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('E-mail')).toHaveValue('ann@acme');
    await form.getByLabel('Name').fill('Ann Lee');
    await form.getByLabel('E-mail').fill('ann@acme.test');
    await form.getByLabel('Company').fill('Acme Ltd');
    await form.getByRole('button', { name: 'Save' }).click();
    const contact = page.getByTestId('crm-contact');
    await expect(contact.getByRole('heading', { name: 'Ann Lee' })).toBeVisible();
    await contact.getByRole('button', { name: 'Close contact' }).click();

    // two deals through the form, the first for Ann (the picker finds her by company)
    await page.getByRole('tab', { name: 'Pipeline' }).click();
    await expect(stage(page, 'Lead')).toContainText('£0 · 0 deals');
    for (const [title, value, who] of [
      ['Website redesign', '12,500', 'acme'],
      ['Logo refresh', '800', ''],
    ] as const) {
      await page.getByRole('button', { name: 'New deal' }).click();
      const dialog = page.getByRole('dialog', { name: 'New deal' });
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Value (GBP)').fill(value);
      await dialog.getByLabel('Expected close date').fill('2026-12-18');
      if (who) {
        await dialog.getByRole('combobox', { name: 'Contact' }).fill(who);
        await dialog.getByRole('option', { name: /Ann Lee/ }).click();
        await expect(dialog.getByRole('button', { name: 'Remove Ann Lee' })).toBeVisible();
      }
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(stage(page, 'Lead')).toContainText('£13,300 · 2 deals');
    await expect(deal(stage(page, 'Lead'), 'Website redesign')).toContainText('Ann Lee');

    // by mouse: Website redesign to Qualified; the totals follow
    await dragWithMouse(page, deal(page, 'Website redesign'), stage(page, 'Qualified'));
    await expect(deal(stage(page, 'Qualified'), 'Website redesign')).toBeVisible();
    await expect(stage(page, 'Qualified')).toContainText('£12,500 · 1 deal');
    await expect(stage(page, 'Lead')).toContainText('£800 · 1 deal');

    // by keyboard: the move button picks Logo refresh up, two stages right, drop
    const live = page.locator('[id^="DndLiveRegion"]');
    await page.getByRole('button', { name: 'Move deal Logo refresh' }).focus();
    await page.keyboard.press('Space');
    await expect(live).toContainText('Picked up Logo refresh. It is in Lead, position 1 of 1.');
    await keysListened(page);
    await page.keyboard.press('ArrowRight');
    await expect(live).toContainText(/Logo refresh is over Qualified/);
    await page.keyboard.press('ArrowRight');
    await expect(live).toContainText(/Logo refresh is over Proposal/);
    await page.keyboard.press('Space');
    await expect(live).toContainText('Logo refresh dropped in Proposal, position 1 of 1.');
    await expect(deal(stage(page, 'Proposal'), 'Logo refresh')).toBeVisible();
    await expect(stage(page, 'Proposal')).toContainText('£800 · 1 deal');
    await expect(stage(page, 'Lead')).toContainText('£0 · 0 deals');
    // and Escape puts a picked-up deal back
    await page.getByRole('button', { name: 'Move deal Website redesign' }).focus();
    await page.keyboard.press('Space');
    await expect(live).toContainText('Picked up Website redesign.');
    await keysListened(page);
    await page.keyboard.press('ArrowRight');
    await expect(live).toContainText(/Website redesign is over Proposal/);
    await page.keyboard.press('Escape');
    await expect(live).toContainText('Moving Website redesign was cancelled. It stays in Qualified.');
    await expect(deal(stage(page, 'Qualified'), 'Website redesign')).toBeVisible();
    // the overlay has flown back and the card shows again (dnd-kit hides it while the drop animates)
    await expect(deal(stage(page, 'Qualified'), 'Website redesign')).toHaveCSS('opacity', '1');
    await shot(page, 'crm-board-1440');
    expect(await axeViolations(page, '[data-testid="crm"]')).toEqual([]);

    // stages: Proposal renamed and moved before Qualified
    await page.getByRole('button', { name: 'Edit stages' }).click();
    const stages = page.getByRole('dialog', { name: 'Edit stages' });
    await stages.getByLabel('Stage 3 name').fill('Quote sent');
    await stages.getByLabel('Stage 3 name').press('Enter');
    await expect(page.getByText('Stage renamed to Quote sent')).toBeVisible();
    await stages.getByRole('button', { name: 'Move Quote sent up' }).click();
    await expect(stages.getByLabel('Stage 2 name')).toHaveValue('Quote sent');
    await stages.getByRole('button', { name: 'Close' }).click();
    const order = ['Lead', 'Quote sent', 'Qualified', 'Won', 'Lost'];
    await expect(page.getByTestId('crm-stage').getByRole('heading')).toHaveText(order);

    // persisted: a reload shows the deals where they were dropped and the stages as edited (view and tab remembered)
    await page.reload();
    await expect(page.getByTestId('crm-stage').getByRole('heading')).toHaveText(order);
    await expect(deal(stage(page, 'Qualified'), 'Website redesign')).toBeVisible();
    await expect(deal(stage(page, 'Quote sent'), 'Logo refresh')).toBeVisible();
    await expect(stage(page, 'Lead')).toContainText('£0 · 0 deals');

    // a deal edited from its card
    await deal(page, 'Logo refresh').getByRole('button', { name: 'Logo refresh', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit deal' });
    await expect(edit.getByLabel('Value (GBP)')).toHaveValue('800');
    await edit.getByLabel('Value (GBP)').fill('950.50');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(stage(page, 'Quote sent')).toContainText('£950.50 · 1 deal');

    // the move is on Ann's timeline
    await deal(page, 'Website redesign').getByRole('button', { name: 'Ann Lee' }).click();
    await expect(page.getByTestId('crm-timeline')).toContainText('Website redesign moved from Lead to Qualified');
    await expect(page.getByTestId('crm-contact').getByText('Qualified', { exact: true })).toBeVisible();
    await page.getByTestId('crm-contact').getByRole('button', { name: 'Close contact' }).click();

    // degrades at 1024 px: the board scrolls sideways inside the view
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect(stage(page, 'Qualified')).toBeVisible();
    await shot(page, 'crm-board-1024');
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await expect(page.getByRole('table', { name: 'Contacts list' })).toBeVisible();
    await shot(page, 'crm-contacts-1024');
  });

  test('a move the server refuses is put back, and says so', async ({ page, pageErrors }) => {
    pageErrors.expectError(/status of 404/);
    const user = await site.signedInUser(page);
    await openCrm(page, 'Pipeline');
    await page.getByRole('button', { name: 'New deal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New deal' });
    await dialog.getByLabel('Title').fill('Gone elsewhere');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(deal(stage(page, 'Lead'), 'Gone elsewhere')).toBeVisible();
    // deleted in another tab meanwhile
    expect((await site.admin.from('crm_deals').delete().eq('user_id', user.id)).error).toBeNull();
    const live = page.locator('[id^="DndLiveRegion"]');
    await page.getByRole('button', { name: 'Move deal Gone elsewhere' }).focus();
    await page.keyboard.press('Space');
    await expect(live).toContainText('Picked up Gone elsewhere.');
    await keysListened(page);
    await page.keyboard.press('ArrowRight');
    await expect(live).toContainText(/over Qualified/);
    await page.keyboard.press('Space');
    await expect(page.getByText(/Could not move that deal; it is back where it was/)).toBeVisible();
    await expect(deal(page, 'Gone elsewhere')).toHaveCount(0);
  });

  test('a long stage shows its first 50 deals, then the rest on request; its total counts them all', async ({ page }) => {
    const user = await site.signedInUser(page);
    await openCrm(page, 'Pipeline'); // the first look makes the default pipeline
    await expect(stage(page, 'Lead')).toContainText('£0 · 0 deals');
    const lead = await site.admin.from('crm_stages').select('id').eq('user_id', user.id).eq('name', 'Lead').single();
    const deals = Array.from({ length: 55 }, (_, i) => ({ user_id: user.id, stage_id: lead.data!.id, title: `Deal ${i + 1}`, value: 100 }));
    expect((await site.admin.from('crm_deals').insert(deals)).error).toBeNull();
    await page.reload();
    await expect(stage(page, 'Lead')).toContainText('£5,500 · 55 deals');
    await expect(stage(page, 'Lead').getByTestId('crm-deal')).toHaveCount(50);
    await stage(page, 'Lead').getByRole('button', { name: 'Show 5 more' }).click();
    await expect(stage(page, 'Lead').getByTestId('crm-deal')).toHaveCount(55);
    await expect(stage(page, 'Lead').getByTestId('crm-deal').last()).toContainText('Deal 55');
    await expect(stage(page, 'Lead').getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(0);
  });

  test('a contact: log a note on the timeline, a follow-up task for Friday beside the plan’s due tasks', async ({ page }) => {
    const user = await site.signedInUser(page);
    await seedContact(user.id, { name: 'Ann Lee', email: 'ann@acme.test', phone: '07700 900001', source: 'Trade fair', tags: ['vip'] });
    await openCrm(page, 'Contacts');
    await page.getByRole('button', { name: 'Ann Lee', exact: true }).click();
    const panel = page.getByTestId('crm-contact');
    await expect(panel.getByRole('heading', { name: 'Ann Lee' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'ann@acme.test' })).toHaveAttribute('href', 'mailto:ann@acme.test');
    await expect(panel.getByText('Nothing on the timeline yet.', { exact: false })).toBeVisible();

    // an empty note is refused beside its field; then a call and a note
    const log = panel.getByRole('form', { name: 'Log activity' });
    await log.getByRole('button', { name: 'Log it' }).click();
    await expect(log.getByLabel('What happened')).toHaveAccessibleDescription('Write what happened');
    // the kinds are radios shown as a segmented control: the customer clicks the word
    await log.getByText('Call', { exact: true }).click();
    await expect(log.getByRole('radio', { name: 'Call' })).toBeChecked();
    await log.getByLabel('What happened').fill('Called about the spring order.');
    await log.getByRole('button', { name: 'Log it' }).click();
    await expect(page.getByText('Call logged')).toBeVisible();
    await log.getByText('Note', { exact: true }).click();
    await log.getByLabel('What happened').fill('Prefers e-mail in the mornings.');
    await log.getByRole('button', { name: 'Log it' }).click();
    const timeline = panel.getByTestId('crm-timeline');
    await expect(timeline.getByRole('listitem')).toHaveCount(2);
    await expect(timeline.getByRole('listitem').first()).toContainText('Note');
    await expect(timeline.getByRole('listitem').first()).toContainText('Prefers e-mail in the mornings.');
    await expect(timeline.getByRole('listitem').nth(1)).toContainText('Called about the spring order.');
    await expect(log.getByLabel('What happened')).toHaveValue('');

    // a follow-up for Friday
    await panel.getByLabel('Task', { exact: true }).fill('Send the spring price list');
    await panel.getByRole('button', { name: /^Due Friday/ }).click();
    await panel.getByRole('button', { name: 'Add task' }).click();
    await expect(panel.getByRole('checkbox', { name: 'Mark "Send the spring price list" done' })).toBeVisible();
    await expect(panel.getByText(/^Due \d{1,2} \w{3} \d{4}/)).toBeVisible();
    await shot(page, 'crm-contact-1440');
    expect(await axeViolations(page, '[data-testid="crm-contact"]')).toEqual([]);
    await panel.getByRole('button', { name: 'Close contact' }).click();

    // the Contacts list now shows the latest activity; the Dashboard view shows the task beside the plan's due tasks
    await expect(page.getByRole('row', { name: /Ann Lee/ })).not.toContainText('Never');
    // a 90-day plan (through /functions/v1/plan as the page writes it), so the CRM's tasks sit beside its due tasks
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!;
      return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
    });
    const plan = await fetch(`${site.server.url}/functions/v1/plan/edits`, {
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
              { name: 'Scale', tasks: [{ title: 'Open wholesale to two cafes' }] },
            ],
          },
        ],
      }),
    });
    expect(plan.status).toBe(200);
    await page.getByRole('navigation', { name: 'Dashboard views' }).getByRole('button', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('action-plan').getByRole('region', { name: 'Due this week' })).toBeVisible();
    const due = page.getByTestId('action-plan').getByTestId('crm-due-tasks');
    await expect(due.getByText('Send the spring price list')).toBeVisible();
    await expect(due).toContainText('for Ann Lee');
    await shot(page, 'crm-due-beside-plan-1440');
    await due.getByRole('checkbox', { name: 'Mark "Send the spring price list" done' }).click();
    await expect(due.getByText('No CRM tasks due this week.')).toBeVisible();
  });

  test('contacts: filters, a saved view, keyset pages, the CSV export and a delete', async ({ page }) => {
    const user = await site.signedInUser(page);
    const rows = Array.from({ length: 120 }, (_, i) => ({
      user_id: user.id,
      name: `Person ${String(i + 1).padStart(3, '0')}`,
      email: `p${i + 1}@example.test`,
      source: i % 3 === 0 ? 'Trade fair' : 'Website',
      tags: i % 10 === 0 ? ['vip'] : [],
    }));
    expect((await site.admin.from('crm_contacts').insert(rows)).error).toBeNull();
    await openCrm(page, 'Contacts');
    const total = page.getByTestId('crm-contacts-total');
    const table = page.getByRole('table', { name: 'Contacts list' });
    await expect(total).toHaveText('Showing 50 of 120 contacts');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(total).toHaveText('Showing 100 of 120 contacts');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(total).toHaveText('120 contacts');
    await expect(table.getByRole('row').last()).toContainText('Person 120');
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    // filters: a tag and a source; saved as a view, applied again after clearing
    await page.getByLabel('Tags', { exact: true }).fill('VIP');
    await expect(total).toHaveText('12 contacts');
    await page.getByLabel('Source', { exact: true }).fill('trade fair');
    await expect(total).toHaveText('4 contacts'); // 1, 31, 61, 91
    await page.getByRole('button', { name: 'Save view' }).click();
    const save = page.getByRole('dialog', { name: 'Save this view' });
    await save.getByRole('button', { name: 'Save' }).click();
    await expect(save.getByLabel('View name')).toHaveAccessibleDescription('Give the view a name');
    await save.getByLabel('View name').fill('VIPs from fairs');
    await save.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('combobox', { name: 'Saved views' })).toHaveValue(/.+/);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(total).toHaveText('120 contacts'); // the pages loaded before are kept
    await page.getByRole('combobox', { name: 'Saved views' }).selectOption({ label: 'VIPs from fairs' });
    await expect(page.getByLabel('Tags', { exact: true })).toHaveValue('vip');
    await expect(total).toHaveText('4 contacts');

    // the export is the filtered list
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Name,E-mail,Phone,Company,Source,Tags,Notes,Created,Last activity');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['Person 001', 'Person 031', 'Person 061', 'Person 091']);

    // delete with confirmation
    await table.getByRole('button', { name: 'Delete Person 031' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Person 031?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(total).toHaveText('3 contacts');
    await expect(table.getByText('Person 031')).toHaveCount(0);
    // and the saved view goes
    await page.getByRole('button', { name: 'Delete view' }).click();
    await page.getByRole('dialog', { name: 'Delete the view "VIPs from fairs"?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('combobox', { name: 'Saved views' })).toHaveValue('');
    await expect(total).toHaveText('119 contacts');
    await shot(page, 'crm-contacts-1440');
  });

  test('custom fields: added, filled in on a contact with their own checks, shown on the contact', async ({ page }) => {
    await site.signedInUser(page);
    await openCrm(page, 'Contacts');
    await page.getByRole('button', { name: 'Custom fields' }).click();
    const fields = page.getByRole('dialog', { name: 'Custom fields' });
    await expect(fields.getByText('No custom fields yet.')).toBeVisible();
    await fields.getByLabel('Field name').fill('Team size');
    await fields.getByLabel('Type').selectOption('number');
    await fields.getByRole('button', { name: 'Add field' }).click();
    await expect(fields.getByRole('listitem').filter({ hasText: 'Team size' })).toContainText('Number');
    await fields.getByLabel('Field name').fill('Tier');
    await fields.getByLabel('Type').selectOption('select');
    await fields.getByRole('button', { name: 'Add field' }).click();
    await expect(fields.getByLabel('Choices')).toHaveAccessibleDescription(/Give at least one choice/);
    await fields.getByLabel('Choices').fill('Gold, Silver');
    await fields.getByRole('button', { name: 'Add field' }).click();
    await expect(fields.getByRole('listitem').filter({ hasText: 'Tier' })).toContainText('Choice (Gold, Silver)');
    await fields.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'New contact' }).click();
    const form = page.getByRole('dialog', { name: 'New contact' });
    await form.getByLabel('Name').fill('Ann Lee');
    await form.getByLabel('Team size').fill('a dozen');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByLabel('Team size')).toHaveAccessibleDescription('Enter a number');
    await form.getByLabel('Team size').fill('12');
    await form.getByLabel('Tier').selectOption('Gold');
    await form.getByRole('button', { name: 'Save' }).click();
    const panel = page.getByTestId('crm-contact');
    await expect(panel.getByRole('definition').filter({ hasText: /^12$/ })).toBeVisible();
    await expect(panel.getByRole('definition').filter({ hasText: /^Gold$/ })).toBeVisible();

    // edited: the form opens with the values, a changed choice is kept
    await panel.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Ann Lee' });
    await expect(edit.getByLabel('Team size')).toHaveValue('12');
    await edit.getByLabel('Tier').selectOption('Silver');
    await edit.getByLabel('Tags').fill('vip, wholesale');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(panel.getByRole('definition').filter({ hasText: /^Silver$/ })).toBeVisible();
    await expect(panel.getByText('wholesale')).toBeVisible();
  });

  test('the coach answers "who have I not followed up with?" from the CRM', async ({ page }) => {
    const user = await site.signedInUser(page);
    const ann = await seedContact(user.id, { name: 'Ann Lee', email: 'ann@acme.test' });
    await seedContact(user.id, { name: 'Bob Quiet', email: 'bob@quiet.test' });
    expect(
      (await site.admin.from('crm_tasks').insert({ user_id: user.id, title: 'Chase the quote', due_date: '2026-01-05', contact_id: ann }))
        .error,
    ).toBeNull();
    fake.script(
      { toolCalls: [{ name: 'findFollowUps', arguments: {} }], usage: { inputTokens: 900, outputTokens: 40 } },
      {
        text: 'You have not followed up with **Ann Lee** this month: her task "Chase the quote" is overdue.',
        usage: { inputTokens: 1200, outputTokens: 60 },
      },
    );
    await openCrm(page);
    await page.getByRole('button', { name: /AI Business Coach/ }).click();
    const panel = page.getByRole('complementary', { name: 'AI assistant' });
    await panel.getByRole('textbox', { name: 'Message the AI coach' }).fill('Who have I not followed up with this month?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByText('her task "Chase the quote" is overdue')).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByTestId('tool-crm-follow-ups')).toContainText('Ann Lee');
    // the model was given the customer's own CRM rows through the tool (and Bob, never contacted, is not one)
    const sent = JSON.stringify(fake.requests().at(-1)!.body);
    expect(sent).toContain('Ann Lee');
    expect(sent).toContain('Chase the quote');
    expect(sent).not.toContain('Bob Quiet');
    await shot(page, 'crm-coach-follow-ups-1440');
  });
});
