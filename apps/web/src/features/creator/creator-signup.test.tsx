import type { CurrentUser, OnboardingState, OnboardingStepId, OnboardingStepStatus } from '@aurum/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

// Whole-app tests load pages lazily; on a busy machine a page can take longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

const PATHS: Record<OnboardingStepId, string> = {
  start: '/creator/signup/start',
  age_gender: '/creator/signup/age-gender',
  images_bio: '/creator/signup/add-images-and-bio',
  verify_identity: '/creator/signup/verify-identity',
  payout: '/creator/signup/payment',
};

/** An onboarding state as the server builds it from the steps' statuses. */
function onboarding(
  statuses: Partial<Record<OnboardingStepId, OnboardingStepStatus>>,
  extra: Partial<OnboardingState> = {},
): OnboardingState {
  const steps = (Object.keys(PATHS) as OnboardingStepId[]).map((id) => ({ id, status: statuses[id] ?? 'todo', path: PATHS[id] }));
  const isCreator = steps.every((step) => step.status === 'done');
  return {
    status: isCreator ? 'completed' : statuses.start === 'done' ? 'in_progress' : 'not_started',
    isCreator,
    steps,
    nextStep: isCreator ? null : (steps.find((step) => step.status !== 'done')?.id ?? null),
    startedAt: statuses.start === 'done' ? '2026-11-02T10:00:00.000Z' : null,
    completedAt: null,
    ageGender: null,
    imagesBio: { bio: null, avatarMediaId: null, coverMediaId: null },
    identityVerifiedAt: null,
    verification: null,
    ...extra,
  };
}

const underAge = {
  status: 422,
  body: {
    type: 'creator_under_age',
    message: 'You must be 18 or older to become a creator.',
    statusCode: 422,
    details: [{ path: 'birthDate', message: 'You must be 18 or older' }],
  },
};

describe('creator sign-up', () => {
  it('starts, resumes at the next step and shows the server’s age refusal beside the date', async () => {
    let state = onboarding({});
    const fetchMock = mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser() }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/creator/onboarding': () => ({ status: 200, body: state }),
      'POST /api/creator/onboarding/start': () => {
        state = onboarding({ start: 'done' });
        return { status: 200, body: state };
      },
      'PUT /api/creator/onboarding/age-gender': (body: any) => {
        if (body.birthDate > '2008-01-01') return underAge;
        state = onboarding({ start: 'done', age_gender: 'done' }, { ageGender: body });
        return { status: 200, body: state };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/creator/signup');

    await waitFor(() => expect(router.state.location.pathname).toBe('/creator/signup/start'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Become a creator' })).toBeTruthy();
    const steps = screen.getByRole('navigation', { name: 'Creator sign-up steps' });
    expect(within(steps).getByText('0 of 5 steps done')).toBeTruthy();
    expect(within(steps).getByRole('listitem', { current: 'step' }).textContent).toContain('Start');
    await user.click(screen.getByRole('button', { name: 'Start' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/creator/signup/age-gender'));
    await user.type(await screen.findByLabelText(/Date of birth/), '2012-03-04');
    await user.selectOptions(screen.getByLabelText(/Gender/), 'Non-binary');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('You must be 18 or older')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/creator/signup/age-gender');

    await user.clear(screen.getByLabelText(/Date of birth/));
    await user.type(screen.getByLabelText(/Date of birth/), '1990-05-17');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/creator/signup/add-images-and-bio'));
    const saved = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/creator/onboarding/age-gender').at(-1);
    expect(JSON.parse(String(saved?.[1]?.body))).toEqual({ birthDate: '1990-05-17', gender: 'non_binary' });
    expect(await screen.findByText('2 of 5 steps done')).toBeTruthy();
  });

  it('labels the development provider before sending the user there', async () => {
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser() }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/creator/onboarding': () => ({
        status: 200,
        body: onboarding(
          { start: 'done', age_gender: 'done', images_bio: 'done' },
          { ageGender: { birthDate: '1990-05-17', gender: 'female' } },
        ),
      }),
      'POST /api/creator/onboarding/verification': () => ({
        status: 201,
        body: { requestId: 'r1', provider: 'dev', status: 'pending', url: 'http://localhost/dev/verification/devvs_1?return=x' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/creator/signup/verify-identity');
    await user.click(await screen.findByRole('button', { name: 'Verify my identity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Development verification' });
    expect(within(dialog).getByText(/No real identity check happens/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue to the development check' })).toBeTruthy();
  });

  it('shows a declined check with its reason and a retry', async () => {
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser() }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/creator/onboarding': () => ({
        status: 200,
        body: onboarding(
          { start: 'done', age_gender: 'done' },
          {
            ageGender: { birthDate: '1990-05-17', gender: 'female' },
            verification: {
              requestId: 'r1',
              provider: 'dev',
              status: 'declined',
              reason: 'Declined in the development verification provider',
              createdAt: '2026-11-02T10:00:00.000Z',
              updatedAt: '2026-11-02T10:01:00.000Z',
            },
          },
        ),
      }),
    });
    renderApp('/creator/signup/verify-identity');
    expect(await screen.findByText('Your identity could not be verified')).toBeTruthy();
    expect(screen.getByText(/Declined in the development verification provider/)).toBeTruthy();
    expect(screen.getByText('Development verification provider: no real identity check')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('celebrates when the last step makes the user a creator', async () => {
    let me: CurrentUser = makeUser();
    let state = onboarding({ start: 'done', age_gender: 'done', images_bio: 'done', verify_identity: 'done' });
    mockApi({
      'GET /api/me': () => ({ status: 200, body: me }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/creator/onboarding': () => ({ status: 200, body: state }),
      'GET /api/payout-methods': () => ({ status: 200, body: state.isCreator ? [paypal] : [] }),
      'POST /api/payout-methods': (body: any) => {
        expect(body).toEqual({ type: 'paypal', email: 'ada@example.com' });
        state = onboarding({ start: 'done', age_gender: 'done', images_bio: 'done', verify_identity: 'done', payout: 'done' });
        me = makeUser({ roles: ['creators', 'members'], labels: ['creators'], isCreator: true });
        return { status: 201, body: paypal };
      },
    });
    const paypal = {
      id: 'pm1',
      type: 'paypal',
      active: true,
      createdAt: '2026-11-02T10:00:00.000Z',
      details: { email: 'ada@example.com' },
    };
    const user = userEvent.setup();
    const { router } = renderApp('/creator/signup');

    await waitFor(() => expect(router.state.location.pathname).toBe('/creator/signup/payment'));
    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    await user.type(screen.getByLabelText(/PayPal e-mail address/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save payout method' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    await user.clear(screen.getByLabelText(/PayPal e-mail address/));
    await user.type(screen.getByLabelText(/PayPal e-mail address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save payout method' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/creator/signup'));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are a creator' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first plan' }).getAttribute('href')).toBe('/plans/create');
  });
});
