import { AUTH_MESSAGES } from '@invoicer/domain/api/auth';
import { supportIssueLabel, type SupportRequestBody } from '@invoicer/domain/api/support';
import type { Database } from '../../plugins/database';
import { HttpError } from '../../plugins/errors';
import type { MailMessage, Mailer } from '../../plugins/mailer';
import { insertNotification, supportRequestNotification } from '../../shared/notifications';
import { findRequester, insertSupportRequest, type Requester } from './support.queries';

/**
 * POST /api/support (docs/product/support.md#what-happens-to-a-request): the request is stored with the session user's own
 * name and e-mail (never the body's), its e-mail to SUPPORT_EMAIL is written to the outbox with its
 * delivery job and a notification recorded, all in one transaction; the job queue delivers it after
 * the commit, so a mail server that is down never loses a request (the job is retried).
 */

/** A user without a name is 'User' (docs/product/support.md#what-happens-to-a-request). */
export function requesterName(requester: Pick<Requester, 'firstName' | 'lastName'>): string {
  return `${requester.firstName} ${requester.lastName}`.replace(/\s+/g, ' ').trim() || 'User';
}

export interface SupportMailInput {
  requestId: string;
  userId: string;
  issueType: SupportRequestBody['issueType'];
  details: string;
  name: string;
  email: string;
  createdAt: Date;
  supportEmail: string;
}

/** The e-mail support receives: plain text, a reply goes to the user. */
export function supportMail(input: SupportMailInput): MailMessage {
  const label = supportIssueLabel(input.issueType);
  return {
    kind: 'support_request',
    userId: input.userId,
    supportRequestId: input.requestId,
    to: input.supportEmail,
    replyTo: input.email ? `"${input.name.replace(/["\\]/g, '')}" <${input.email}>` : null,
    subject: `Support request: ${label} (${input.name})`,
    text: [
      'A support request was sent from Invoicer.',
      '',
      `Issue: ${label} (${input.issueType})`,
      `From: ${input.name} <${input.email}>`,
      `User id: ${input.userId}`,
      `Request id: ${input.requestId}`,
      `Sent at: ${input.createdAt.toISOString()}`,
      '',
      'Details:',
      input.details,
      '',
      'Reply to this e-mail to answer the user.',
    ].join('\n'),
  };
}

export async function submitSupportRequest(
  db: Database,
  mailer: Mailer,
  supportEmail: string,
  userId: string,
  body: SupportRequestBody,
): Promise<{ id: string }> {
  const request = await db.transaction(async (tx) => {
    const requester = await findRequester(tx, userId);
    if (!requester) throw new HttpError(401, AUTH_MESSAGES.signInRequired);
    const name = requesterName(requester);
    const request = await insertSupportRequest(tx, {
      userId,
      issueType: body.issueType,
      details: body.details,
      name,
      email: requester.email,
    });
    await mailer.enqueue(
      tx,
      supportMail({
        requestId: request.id,
        userId,
        issueType: body.issueType,
        details: body.details,
        name,
        email: requester.email,
        createdAt: request.createdAt,
        supportEmail,
      }),
    );
    await insertNotification(
      tx,
      supportRequestNotification(userId, supportIssueLabel(body.issueType), requester.email),
    );
    return request;
  });
  return { id: request.id };
}
