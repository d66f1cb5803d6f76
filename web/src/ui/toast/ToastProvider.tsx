/**
 * Toast notifications. The API (`useToast().toast(...)`) is always there; the Radix Toast renderer
 * (announced to screen readers, dismissible, swipeable on phones) loads with the first toast, so it
 * costs nothing on pages that never show one.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ToastInput, ToastItem } from './toast-item';

const ToastList = lazy(() => import('./ToastList'));
const ToastContext = createContext<((t: ToastInput) => void) | null>(null);
/** Each toast's key: only unique, never a time. */
let lastId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const [used, setUsed] = useState(false);
  const push = useCallback((t: ToastInput) => {
    setUsed(true);
    setItems((all) => [...all.slice(-2), { ...t, id: ++lastId }]);
  }, []);
  const remove = useCallback((id: number) => setItems((all) => all.filter((t) => t.id !== id)), []);
  return (
    <ToastContext.Provider value={push}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ToastList items={items} onRemove={remove} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast() {
  const push = useContext(ToastContext);
  if (!push) throw new Error('useToast must be used within a ToastProvider');
  return useMemo(() => ({ toast: push }), [push]);
}
