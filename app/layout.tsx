import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { getMessages } from '@/lib/i18n/server';
import './globals.css';

export const metadata: Metadata = {
  title: 'KROS add-on',
  robots: { index: false, follow: false },
  referrer: 'strict-origin-when-cross-origin',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { locale } = await getMessages();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 text-slate-800 antialiased">
        <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6">{children}</div>
      </body>
    </html>
  );
}
