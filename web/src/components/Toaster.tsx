/** Toast notifications (Radix Toast: announced to screen readers, dismissible, swipeable on phones). */
import * as Toast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

interface ToastItem extends ToastInput {
  id: number;
}

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const push = useCallback((t: ToastInput) => setItems((all) => [...all.slice(-2), { ...t, id: Date.now() + Math.random() }]), []);
  const remove = (id: number) => setItems((all) => all.filter((t) => t.id !== id));
  return (
    <ToastContext.Provider value={push}>
      <Toast.Provider swipeDirection="right" duration={6000}>
        {children}
        {items.map((t) => (
          <Toast.Root
            key={t.id}
            className={`toast toast-${t.variant ?? 'default'}`}
            type={t.variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(open) => !open && remove(t.id)}
          >
            <Toast.Title className="toast-title">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="toast-description">{t.description}</Toast.Description>}
            <Toast.Close className="toast-close" aria-label="Dismiss notification">
              ×
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="toast-viewport" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const push = useContext(ToastContext);
  if (!push) throw new Error('useToast must be used within a ToastProvider');
  return useMemo(() => ({ toast: push }), [push]);
}
