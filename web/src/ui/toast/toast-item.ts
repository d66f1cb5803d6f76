/** What a toast says; its own module so the provider and the lazily loaded list both use it without importing each other. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

export interface ToastItem extends ToastInput {
  id: number;
}
