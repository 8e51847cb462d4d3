import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Language, Problem, ProblemOptions } from '@staff/console-contract';
import { renderPage, routeOf } from '../../test/renderPage.js';
import ProblemsPage from './ProblemsPage.js';
import { problemFixture } from './problem.fixtures.js';
import { invalidBody, type FakeRequest } from '../../api/testAdapter.js';

afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const problem = problemFixture;
const options: ProblemOptions = {
  categories: [{ id: 1, name: 'Pembayaran' }],
  subcategories: [],
  assignees: [{ id: 3, name: 'Ayu' }],
};

function setup(language: Language, shown: Problem = problem) {
  const route = routeOf('problem-tracker');
  return renderPage(route, <ProblemsPage route={route} />, {
    language,
    keys: ['ad_daily_tracker'],
    handler: (config: FakeRequest) => {
      const url = config.url ?? '';
      if (url === '/api/problems' && config.method === 'post')
        return invalidBody({ purchase_mayar_id: ['No purchase with this Mayar id'] });
      if (url === `/api/problems/${shown.id}/comments`)
        return { status: 409, data: { message: 'The problem is closed', code: 'INVALID_STATE' } };
      if (url === `/api/problems/${shown.id}/attachments`)
        return invalidBody({ url: ['The link could not be checked'] });
      if (url === '/api/problems') return { status: 200, data: { rows: [shown], now: shown.opened_at } };
      if (url === `/api/problems/${shown.id}`)
        return { status: 200, data: { problem: shown, comments: [], attachments: [] } };
      if (url === '/api/problems/options') return { status: 200, data: options };
      return undefined;
    },
  });
}

describe('Cust Problem Tracking in both languages', () => {
  it('speaks Indonesian: the board, the list and the new-problem form', async () => {
    const { user } = setup('id');
    const board = await screen.findByRole('region', { name: 'Papan masalah pelanggan' });
    const card = await within(board).findByRole('button', { name: /#7 Akses kelas belum masuk/ });
    expect(card.textContent).toContain('Tinggi · batas');
    expect(card.textContent).toContain('Lewat SLA');
    expect(within(board).getByText('Terbuka')).toBeVisible();
    // The spec's page title stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Cust Problem Tracking' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    const table = await screen.findByRole('table', { name: 'Daftar masalah' });
    expect(within(table).getByRole('columnheader', { name: 'Penanggung jawab' })).toBeVisible();
    expect(within(table).getByText('Terbuka')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Masalah baru' }));
    const form = await screen.findByRole('region', { name: 'Masalah baru' });
    expect(within(form).getByLabelText('Nama pelanggan')).toBeVisible();
    expect(within(form).getByRole('option', { name: 'Bawaan sub kategori' })).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Simpan' })).toBeVisible();
  });

  it('speaks English in English (it was Indonesian)', async () => {
    const { user } = setup('en');
    const board = await screen.findByRole('region', { name: 'Customer problem board' });
    const card = await within(board).findByRole('button', { name: /#7 Akses kelas belum masuk/ });
    expect(card.textContent).toContain('High · due');
    expect(card.textContent).toContain('SLA breached');
    await user.click(screen.getByRole('button', { name: 'New problem' }));
    const form = await screen.findByRole('region', { name: 'New problem' });
    expect(within(form).getByLabelText('Customer name')).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Cancel' })).toBeVisible();
  });
  it("a problem filed by phone alone links to the customer's conversations on every number", async () => {
    const { user } = setup('en', { ...problem, customer_phone: '0812-9999-0077' });
    const board = await screen.findByRole('region', { name: 'Customer problem board' });
    await user.click(await within(board).findByRole('button', { name: /#7 Akses kelas belum masuk/ }));
    const link = await screen.findByRole('link', {
      name: "Find the customer's conversations by this number",
    });
    expect(link).toHaveAttribute('href', '/app/customer-chats?q=081299990077');
  });

  it("the new-problem form: the browser's and the server's 400 messages show under their fields", async () => {
    const { user, requests } = setup('en');
    await user.click(await screen.findByRole('button', { name: 'New problem' }));
    const form = await screen.findByRole('region', { name: 'New problem' });
    // No category: the body schema says so under the category, before anything is sent.
    await user.type(within(form).getByLabelText('Description'), 'Kelas belum terbuka');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const category = within(form).getByLabelText('Category');
    await waitFor(() => expect(category).toHaveAttribute('aria-invalid', 'true'));
    expect(category).toHaveFocus();
    expect(requests.filter((request) => request.method === 'post')).toHaveLength(0);

    await within(form).findByRole('option', { name: 'Pembayaran' });
    await user.selectOptions(category, 'Pembayaran');
    expect(category).not.toHaveAttribute('aria-invalid');
    await user.type(within(form).getByLabelText('Purchase (Mayar id)'), 'MY-404');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const purchase = within(form).getByLabelText('Purchase (Mayar id)');
    await waitFor(() => expect(purchase).toHaveAccessibleDescription('No purchase with this Mayar id'));
    expect(purchase).toHaveAttribute('aria-invalid', 'true');
    expect(purchase).toHaveFocus();
    const sent = requests.filter((request) => request.method === 'post');
    expect(sent.map((request) => JSON.parse(String(request.data)) as unknown)).toEqual([
      {
        customer_name: null,
        customer_email: null,
        customer_phone: null,
        purchase_mayar_id: 'MY-404',
        category_id: 1,
        subcategory_id: null,
        description: 'Kelas belum terbuka',
        assignee_id: null,
      },
    ]);
  });

  it("a problem's comment and attachment forms: the server's refusal in the form, its 400 under the link", async () => {
    const { user } = setup('en');
    const board = await screen.findByRole('region', { name: 'Customer problem board' });
    await user.click(await within(board).findByRole('button', { name: /#7 Akses kelas belum masuk/ }));
    const comments = await screen.findByRole('region', { name: 'Comments (0)' });
    await user.type(within(comments).getByLabelText('New comment'), 'Sudah dicek');
    await user.click(within(comments).getByRole('button', { name: 'Send comment' }));
    expect((await within(comments).findByRole('alert')).textContent).toBe('The problem is closed');

    const attachments = screen.getByRole('region', { name: 'Attachments (0)' });
    await user.type(within(attachments).getByLabelText('Link'), 'https://example.com/bukti.png');
    await user.click(within(attachments).getByRole('button', { name: 'Add attachment' }));
    const link = within(attachments).getByLabelText('Link');
    await waitFor(() => expect(link).toHaveAccessibleDescription('The link could not be checked'));
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveFocus();
  });
});
