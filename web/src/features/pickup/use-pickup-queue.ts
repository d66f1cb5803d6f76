/**
 * The queue kept fresh by polling every QUEUE_POLL_MS (5 s). Polling, not a push channel: API Gateway's HTTP API
 * has no WebSockets (a second, WebSocket API with its connection table would be needed), and the queue is a few
 * dozen rows a day read by one or two phones, one small Query each time. A poll waits while the tab is hidden and
 * runs at once when it shows again; a failed poll keeps the last queue on screen and says so.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { QUEUE_POLL_MS, type PickupQueue } from '@shared/pickups';
import { errorMessage } from '../../lib/api-client';
import { fetchPickupQueue } from './api/fetch-pickup-queue';

export interface PickupQueueState {
  queue: PickupQueue | null;
  error: string | null;
  /** Ask now (after a change made here), without waiting for the next poll. */
  refresh(): void;
}

export function usePickupQueue(intervalMs = QUEUE_POLL_MS): PickupQueueState {
  const [queue, setQueue] = useState<PickupQueue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const next = await fetchPickupQueue(controller.signal);
      if (controller.signal.aborted) return;
      setQueue(next);
      setError(null);
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      setError(errorMessage(e, 'The queue could not be loaded.'));
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, intervalMs);
    const onVisible = () => document.visibilityState === 'visible' && void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      inFlight.current?.abort();
    };
  }, [load, intervalMs]);

  return { queue, error, refresh: () => void load() };
}
