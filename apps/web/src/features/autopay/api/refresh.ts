import type { QueryClient } from '@tanstack/react-query';
import { leaseKeys, scheduleKeys } from '../../../api/query-keys';

/**
 * After a schedule is saved or disabled: the lease records (their schedule, its upcoming payment: the lease card's
 * button and the dashboard's upcoming payments) and the schedule queries are read again.
 */
export const refreshAfterScheduleChange = (qc: QueryClient) =>
  Promise.all([qc.invalidateQueries({ queryKey: leaseKeys.all }), qc.invalidateQueries({ queryKey: scheduleKeys.all })]);

/** The autopay modal's calls share this key: the modal does not close while one runs. */
export const AUTOPAY_MUTATION_KEY = ['recurring_schedule', 'save'] as const;
