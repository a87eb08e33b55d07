// issue 23: the approvals inbox's one review list (applications, self sign-up leases, insurance policies): a captioned
// table whose rows end with Approve and Decline named with the person; loading, error (with retry) and empty states; on
// a phone (below 48em) one card per row with the cells labelled; the decision dialog with its comment.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DecisionButtons, DecisionDialog, type ReviewListQuery, ReviewTable, TwoLineCell } from './review-table';

interface Row {
  id: string;
  name: string;
  email: string;
  property: string;
}

const rows: Row[] = [
  { id: 'r1', name: 'Camille Tremblay', email: 'tenant@demo.test', property: 'Harbourview Residences' },
  { id: 'r2', name: 'Noah Singh', email: 'noah@demo.test', property: 'Maple Court' },
];

const loaded = (records: Row[]): ReviewListQuery<Row> => ({
  isPending: false,
  isError: false,
  error: null,
  data: { records },
  refetch: vi.fn(),
});

function List({
  query,
  onApprove = vi.fn(),
  onDecline = vi.fn(),
}: {
  query: ReviewListQuery<Row>;
  onApprove?: (r: Row) => void;
  onDecline?: (r: Row) => void;
}) {
  return (
    <ReviewTable<Row>
      id="review-test"
      title="Waiting for a decision"
      caption="Items waiting for a decision"
      emptyText="Nothing waits."
      loadErrorTitle="The list could not be loaded."
      query={query}
      rowKey={(r) => r.id}
      columns={[
        { header: 'Tenant', cell: (r) => <TwoLineCell strong main={r.name} detail={r.email} /> },
        { header: 'Property', cell: (r) => <TwoLineCell main={r.property} /> },
      ]}
      actionsHeader="Actions"
      actions={(r) => (
        <DecisionButtons
          approveLabel="Approve"
          approveName={`Approve ${r.name}`}
          declineLabel="Decline"
          declineName={`Decline ${r.name}`}
          onApprove={() => onApprove(r)}
          onDecline={() => onDecline(r)}
        />
      )}
    />
  );
}

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

describe('ReviewTable', () => {
  it('is a section named by its heading with a captioned, focusable table; each row’s buttons name the person', async () => {
    const onApprove = vi.fn();
    await renderWithProviders(<List query={loaded(rows)} onApprove={onApprove} />);
    expect(screen.getByRole('region', { name: 'Waiting for a decision' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Items waiting for a decision' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tenant', 'Property', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Camille Tremblay');
    expect(first).toHaveTextContent('tenant@demo.test');
    expect(second).toHaveTextContent('Maple Court');
    // a keyboard reaches the scrolling region, then the first row's buttons, and Enter decides
    const scroller = screen.getByRole('region', { name: 'Items waiting for a decision' });
    await userEvent.tab();
    expect(scroller).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Approve Camille Tremblay' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onApprove).toHaveBeenCalledWith(rows[0]);
    expect(screen.getByRole('button', { name: 'Decline Noah Singh' })).toBeInTheDocument();
  });

  it('says so when nothing waits, and offers a retry when the list failed', async () => {
    const { unmount } = await renderWithProviders(<List query={loaded([])} />);
    expect(screen.getByRole('status')).toHaveTextContent('Nothing waits.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    const failed: ReviewListQuery<Row> = { isPending: false, isError: true, error: new Error('boom'), refetch: vi.fn() };
    await renderWithProviders(<List query={failed} />);
    expect(screen.getByText('The list could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalled();
  });

  it('shows one card per row on a phone (375 px), each cell labelled by its column', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    const onDecline = vi.fn();
    await renderWithProviders(<List query={loaded(rows)} onDecline={onDecline} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Items waiting for a decision' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]).getByText('Property')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Noah Singh');
    await userEvent.click(within(cards[1]).getByRole('button', { name: 'Decline Noah Singh' }));
    expect(onDecline).toHaveBeenCalledWith(rows[1]);
  });
});

describe('DecisionDialog', () => {
  it('asks for the optional comment, starts on Cancel, and shows the refusal inside', async () => {
    const onConfirm = vi.fn();
    const onComment = vi.fn();
    await renderWithProviders(
      <DecisionDialog
        opened
        title="Decline the lease of Noah Singh?"
        confirmLabel="Decline"
        danger
        loading={false}
        error="This lease was already decided."
        text="Noah Singh is told."
        commentLabel="Comment (sent to the tenant)"
        comment=""
        onCommentChange={onComment}
        onCancel={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Decline the lease of Noah Singh?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Comment (sent to the tenant)' }), 'x');
    expect(onComment).toHaveBeenCalledWith('x');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This lease was already decided.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(onConfirm).toHaveBeenCalled();
  });
});
