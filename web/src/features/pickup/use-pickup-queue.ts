/**
 * The queue kept fresh by polling every QUEUE_POLL_MS (5 s). Polling, not a push channel: API Gateway's HTTP API
 * has no WebSockets (a second, WebSocket API with its connection table would be needed), and the queue is a few
 * dozen rows a day read by one or two phones, one small Query each time. A poll waits while the tab is hidden and
 * runs at once when it shows again; a failed poll keeps the last queue on screen and says so.
 * A TanStack query does each of those: `refetchInterval` polls, `refetchIntervalInBackground: false` skips a tick
 * while the tab is hidden, `refetchOnWindowFocus` asks when it shows again (the client's default is off, so that a
 * half-filled form stays put: the queue turns it on), and a failed refetch keeps the last data beside its error.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { QUEUE_POLL_MS, type PickupQueue } from '@shared/pickups';
import { errorMessage } from '../../lib/api-client';
import { fetchPickupQueue } from './api/fetch-pickup-queue';
import { pickupKeys } from './queries/keys';

export interface PickupQueueState {
  queue: PickupQueue | null;
  error: string | null;
  /** Ask now (after a change made here), without waiting for the next poll. */
  refresh(): void;
}

export function usePickupQueue(intervalMs = QUEUE_POLL_MS): PickupQueueState {
  const client = useQueryClient();
  const { data, error } = useQuery({
    queryKey: pickupKeys.queue,
    queryFn: ({ signal }) => fetchPickupQueue(signal),
    refetchInterval: intervalMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: pickupKeys.all }), [client]);
  return { queue: data ?? null, error: error ? errorMessage(error, 'The queue could not be loaded.') : null, refresh };
}
