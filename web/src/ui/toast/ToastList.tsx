import * as Toast from '@radix-ui/react-toast';
import type { ToastItem } from './toast-item';

export default function ToastList({ items, onRemove }: { items: ToastItem[]; onRemove(id: number): void }) {
  return (
    <Toast.Provider swipeDirection="right" duration={6000}>
      {items.map((t) => (
        <Toast.Root
          key={t.id}
          className={`toast toast-${t.variant ?? 'default'}`}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && onRemove(t.id)}
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
  );
}
