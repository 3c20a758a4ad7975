import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { getSession, subscribeToSession } from './lib/auth';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Signing out (or another tab doing so) leaves only exam answers not yet sent on this computer:
// they wait for the same candidate; everything the server already has is forgotten (decision 012).
// The exam's code (and its contracts) loads only then, not with every first page (issue 22).
subscribeToSession(() => {
  if (getSession()) return;
  void import('./features/exam/model/exam-progress').then(({ forgetSentExamAnswers }) => {
    // Signed in again meanwhile: the new session's answers are not the ones to forget.
    if (!getSession()) forgetSentExamAnswers(window.localStorage);
  });
});

// The offline shell (decision 012): the built app is kept by a service worker so that a reload
// without a network still opens the exam. Development builds have no worker to register.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.error('The offline shell could not be installed', error);
    });
  });
}

// Router updates are not React transitions: a transition changes the address at once but keeps the
// page before on screen (and taking clicks) until the next page has rendered, which a busy machine
// was seen to stretch to two seconds while the old list refreshed underneath (issue 23). Nothing
// here suspends, so a transition buys nothing.
createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} useTransitions={false} />
    </Providers>
  </StrictMode>,
);
