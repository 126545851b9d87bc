import { generateId } from '@aurum/core';
import { adminEmailFor } from './support/admins.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import { call, memberReadingPaidPost, pageOf, signInAs, signUpAdminThroughApi } from './support/scene.js';

test('an admin refunds a member’s payment and ends the subscription now; the member loses access and the refund is listed', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  if (project === 'phone') await page.setViewportSize({ width: 390, height: 844 });

  // A creator with a plan and a post for subscribers; a member subscribed with the test card reads it.
  const { member, memberHandle, creator, reader } = await memberReadingPaidPost(browser, testInfo, {
    creator: {
      label: 'keeper',
      name: `Lighthouse ${project}`,
      plan: 'Beacon',
      planDescription: 'Every night shot, and chat.',
      post: 'Night shots from the lamp room.',
      chat: true,
    },
    member: { label: 'sailor', name: 'Night Sailor' },
  });
  // The plan includes chat: the member writes to the creator.
  const chat = await call<{ id: string }>(reader, 'POST', '/api/chats', { partnerId: creator.id });
  await call(reader, 'POST', `/api/chats/${chat.id}/messages`, { id: generateId(), text: 'Thank you for the night shots!' });

  // The admin finds the payment by its member and refunds it, ending the subscription now.
  await signInAs(
    page,
    await signUpAdminThroughApi({ label: 'treasurer', email: adminEmailFor('refunds', project), publicName: 'Treasurer' }),
  );
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('tab', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  const payments = page.getByRole('list', { name: 'Payments' });
  await payments
    .getByRole('button', { name: `@${memberHandle}` })
    .first()
    .click();
  await expect(page.getByText('One member')).toBeVisible();
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('paid $6.50');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-payments');

  await payments.getByRole('link', { name: '$6.50 · Subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Payment of $6.50' })).toBeVisible();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund $6.50?' });
  await expect(dialog.getByRole('radio', { name: 'Ends now' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Subscribed twice by mistake');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-refund-dialog');
  await dialog.getByRole('button', { name: 'Refund $6.50' }).click();
  await expect(page.getByText('Payment refunded.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('This payment was refunded.')).toBeVisible();
  await expect(page.getByText('Subscription · Refunded', { exact: true })).toBeVisible();
  await expect(page.getByText(/Succeeded/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toBeHidden();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-payment-refunded');

  // The member lost access at once.
  await member.reload();
  await expect(member.getByText('Locked', { exact: true })).toBeVisible();
  await expect(member.getByText('Night shots from the lamp room.')).toHaveCount(0);
  // The member's subscription says it was refunded, not that it expired.
  await member.goto('/subscriptions');
  await member.getByRole('link', { name: new RegExp(`Lighthouse ${project}`) }).click();
  await expect(member.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expect(member.getByText('Expired', { exact: true })).toHaveCount(0);
  await expect(member.getByText('Last payment')).toHaveCount(0);
  await expectAccessible(member);
  await screenshot(member, testInfo, 'subscription-refunded');

  // The chat is read-only now; the creator is told the member has no chat subscription, not sent to plans the member does not have.
  const creatorPage = await pageOf(browser, testInfo, creator);
  await creatorPage.goto(`/chat/${chat.id}`);
  await expect(creatorPage.getByText('Thank you for the night shots!')).toBeVisible();
  await expect(creatorPage.getByText(/This chat is read-only: Night Sailor has no subscription that includes chat/)).toBeVisible();
  await expect(creatorPage.getByRole('link', { name: /plans/ })).toHaveCount(0);
  await expectAccessible(creatorPage);
  await screenshot(creatorPage, testInfo, 'chat-read-only-creator');
  await creatorPage.context().close();
  // The member's way back is the creator's plans.
  await member.goto(`/chat/${chat.id}`);
  await expect(member.getByRole('link', { name: `See Lighthouse ${project}’s plans` })).toBeVisible();

  // The refund is listed in /admin/payments, the payment marked refunded, both in the totals.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('tab', { name: 'Payments' }).click();
  await payments
    .getByRole('button', { name: `@${memberHandle}` })
    .first()
    .click();
  await expect(payments.getByRole('listitem')).toHaveCount(2);
  await expect(payments.getByRole('link', { name: '-$6.50 · Refund' })).toBeVisible();
  await expect(payments.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('refunded $6.50');

  // The subscription shows as expired among the subscriptions.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('tab', { name: 'Subscriptions' }).click();
  const subscriptions = page.getByRole('list', { name: 'Subscriptions' });
  await subscriptions
    .getByRole('button', { name: `@${memberHandle}` })
    .first()
    .click();
  await expect(subscriptions.getByRole('listitem')).toHaveCount(1);
  await expect(subscriptions.getByText('Expired', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-subscriptions');

  await member.context().close();
});
