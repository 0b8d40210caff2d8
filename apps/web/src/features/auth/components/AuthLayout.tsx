import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/Logo';

/** The frame of the sign-in screens: logo, a card with a heading, and a footer line. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-full flex-col items-center justify-center bg-[radial-gradient(ellipse_at_top,rgba(124,92,255,0.18),transparent_60%)] px-4 py-10">
      <div className="mb-8">
        <Logo />
      </div>
      <main className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-2xl sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </main>
      {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
    </div>
  );
}
