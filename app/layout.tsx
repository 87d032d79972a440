import './globals.css';

import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';

import { getMessages } from '@/lib/base/i18n/server';
import { applicationTitle } from '@/lib/doors/company/page-titles';

export async function generateMetadata(): Promise<Metadata> {
  return {
    title: await applicationTitle(),
    robots: { index: false, follow: false },
    referrer: 'strict-origin-when-cross-origin',
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await getMessages();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 text-slate-800 antialiased">
        {/* The first thing a keyboard reaches: past the header and the tabs to the page's own content (id "main"). */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow focus:outline-2 focus:outline-brand-600"
        >
          {t.skipToContent}
        </a>
        {/* Wider from 1280 px on, so every column of the lists and the console's tables fits without scrolling. */}
        <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 xl:max-w-7xl">{children}</div>
      </body>
    </html>
  );
}
