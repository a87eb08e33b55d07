import { applicationRecordProgress } from '@portal/domain/applications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { application } from '../../../test/dashboard-fixtures';
import { renderWithProviders } from '../test/render';
import { ApplicationCard } from './application-card';

const complete = application({
  id: 'app-2',
  status: 'PENDING',
  emergencyContact: { firstName: 'Louise', lastName: 'Tremblay', phone: '+15145550123' } as never,
  otherOccupants: [{ names: 'Sam Tremblay', age: 34, relationship: 'Spouse' }],
  employment: {
    employment: 'EMPLOYED',
    employerName: 'Coastal Health',
    occupation: 'Nurse',
    monthsEmployed: 48,
    monthlySalary: 6200,
  },
  referenceList: [{ name: 'Priya Shah', phone: '+16045550111', relationship: 'Former landlord' }],
});

describe('applicationProgress (spec 2 §4)', () => {
  it.each([
    // total = 3 + 1 (not an existing tenant) + 4 template sections with a true field + 1 fee + 1 identity&income = 10
    ['in progress: terms, property, phone, first address', application(), 40],
    // issue 21 §1: a submitted application of a page with screenings has its joined record, even in a search record
    // without the screenings join (the dashboard read 80% where Applications read 90%)
    ['submitted, every section answered', complete, 90],
    ['every section answered, not submitted yet', { ...complete, status: 'IN_PROGRESS' }, 80],
    ['an existing tenant has one section fewer', application({ existingTenant: true }), 44],
    ['no template joined: 3 + 1 sections', application({ joins: {} }), 100],
  ])('%s → %d%%', (_name, app, percent) => {
    expect(applicationRecordProgress(app)).toBe(percent);
  });
});

describe('ApplicationCard', () => {
  it('IN_PROGRESS: status, address, progress bar and a Resume link to the application flow', async () => {
    await renderWithProviders(<ApplicationCard application={application()} />);
    expect(screen.getByTestId('application-status')).toHaveTextContent('IN PROGRESS');
    expect(screen.getByRole('heading', { name: 'Harbourview Residences' })).toBeInTheDocument();
    const card = screen.getByTestId('application-card');
    expect(card).toHaveTextContent('1250 Granville Street');
    expect(card).toHaveTextContent('Vancouver, BC');
    expect(card).toHaveTextContent('Canada V6Z 1M6');
    const bar = screen.getByRole('progressbar', { name: 'Application progress for Harbourview Residences' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(card).toHaveTextContent('40% complete');
    expect(screen.getByRole('link', { name: 'Resume' })).toHaveAttribute('href', '/apply/harbourview?applicationId=app-1');
    expect(screen.queryByRole('button', { name: 'View' })).not.toBeInTheDocument();
  });

  it('NOT_STARTED also resumes', async () => {
    await renderWithProviders(<ApplicationCard application={application({ status: 'NOT_STARTED' })} />);
    expect(screen.getByTestId('application-status')).toHaveTextContent('NOT STARTED');
    expect(screen.getByRole('link', { name: 'Resume' })).toBeInTheDocument();
  });

  it('PENDING shows SUBMITTED and View opens the read-only application', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<ApplicationCard application={complete} />);
    expect(screen.getByTestId('application-status')).toHaveTextContent('SUBMITTED');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
    expect(screen.queryByRole('link', { name: 'Resume' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View' }));
    const view = await screen.findByRole('dialog', { name: 'Lease application' });
    for (const heading of [
      'Applicant',
      'Property',
      'Address history',
      'Additional occupants',
      'Employment',
      'Personal references',
      'Emergency contact',
    ]) {
      expect(within(view).getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(view).toHaveTextContent('Camille');
    expect(view).toHaveTextContent('4700 Kingsway');
    expect(view).toHaveTextContent('Sam Tremblay');
    expect(view).toHaveTextContent('Coastal Health');
    expect(view.textContent?.replace(/\u00a0/g, ' ')).toContain('$6,200.00');
    expect(view).toHaveTextContent('Priya Shah');
    expect(view).toHaveTextContent('Louise');
  });

  it('other statuses show with special characters as spaces and offer View', async () => {
    await renderWithProviders(<ApplicationCard application={application({ status: 'WAITING_FOR-DOCS' })} />);
    expect(screen.getByTestId('application-status')).toHaveTextContent('WAITING FOR DOCS');
    expect(screen.getByRole('button', { name: 'View' })).toBeInTheDocument();
  });

  it('shows an empty section as nothing entered', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<ApplicationCard application={application({ status: 'DECLINED' })} />);
    expect(screen.getByTestId('application-status')).toHaveTextContent('DECLINED');
    await user.click(screen.getByRole('button', { name: 'View' }));
    const view = await screen.findByRole('dialog');
    const occupants = within(view).getByRole('region', { name: 'Additional occupants' });
    expect(occupants).toHaveTextContent('Nothing entered.');
  });
});
