/**
 * The local stand-in for the functions' IAM on the table (local/table-guard.ts): which calls a route's needs
 * allow. The integration suite runs every route through it, so a route that reaches beyond its needs fails there.
 */
import { describe, expect, it } from 'vitest';
import { routes, type Need } from '../../functions/routes';
import { keys } from '../../functions/store/keys';
import { accessesOf, allowed } from '../../local/table-guard';

const may = (needs: Need[], command: string, input: Record<string, unknown>) => accessesOf(command, input).every((a) => allowed({ needs }, a));

const contactKey = keys.contactMessage('2026-03-01T00:00:00.000Z', 'id-1');
const budgetKey = keys.rateLimit('contact', 'ip-abc', 0);
const bookingKey = keys.booking('b-1');

describe('contact:write: put and update its own items, nothing else', () => {
  const needs: Need[] = ['contact:write', 'email'];

  it('may store a message and count its budgets', () => {
    expect(may(needs, 'PutItemCommand', { Item: { ...contactKey, type: 'contact_message' } })).toBe(true);
    expect(may(needs, 'UpdateItemCommand', { Key: contactKey })).toBe(true);
    expect(may(needs, 'UpdateItemCommand', { Key: budgetKey })).toBe(true);
  });

  it('may not touch another prefix, delete, read, query or scan', () => {
    expect(may(needs, 'UpdateItemCommand', { Key: keys.rateLimit('checkout', 'ip-abc', 0) })).toBe(false);
    expect(may(needs, 'PutItemCommand', { Item: bookingKey })).toBe(false);
    expect(may(needs, 'DeleteItemCommand', { Key: contactKey })).toBe(false);
    expect(may(needs, 'GetItemCommand', { Key: contactKey })).toBe(false);
    expect(may(needs, 'QueryCommand', { KeyConditionExpression: 'pk = :pk' })).toBe(false);
    expect(may(needs, 'ScanCommand', {})).toBe(false);
    // A transaction is authorised item by item: one item outside the prefixes refuses it all.
    expect(may(needs, 'TransactWriteItemsCommand', { TransactItems: [{ Put: { Item: contactKey } }, { Update: { Key: bookingKey } }] })).toBe(false);
    expect(may(needs, 'TransactWriteItemsCommand', { TransactItems: [{ Put: { Item: contactKey } }, { Update: { Key: budgetKey } }] })).toBe(true);
  });

  it('reads keys in either form the SDK holds them (plain or attribute values)', () => {
    expect(may(needs, 'PutItemCommand', { Item: { pk: { S: contactKey.pk }, sk: { S: contactKey.sk } } })).toBe(true);
    expect(may(needs, 'PutItemCommand', { Item: { pk: { S: bookingKey.pk }, sk: { S: 'BOOKING' } } })).toBe(false);
  });
});

describe('table:get against table:read', () => {
  it('table:get reads by key only: no Query, on the table or an index', () => {
    expect(may(['table:get'], 'GetItemCommand', { Key: bookingKey })).toBe(true);
    expect(may(['table:get'], 'BatchGetItemCommand', { RequestItems: { t: { Keys: [bookingKey] } } })).toBe(true);
    expect(may(['table:get'], 'QueryCommand', { KeyConditionExpression: 'pk = :pk' })).toBe(false);
    expect(may(['table:get'], 'QueryCommand', { IndexName: 'gsi1' })).toBe(false);
  });

  it('table:read may Query the table and its indexes; neither may write', () => {
    expect(may(['table:read'], 'QueryCommand', { IndexName: 'gsi1' })).toBe(true);
    expect(may(['table:read'], 'PutItemCommand', { Item: bookingKey })).toBe(false);
    expect(may(['table:get', 'table:write'], 'TransactWriteItemsCommand', { TransactItems: [{ Delete: { Key: bookingKey } }, { ConditionCheck: { Key: bookingKey } }] })).toBe(true);
  });

  it('no need grants Scan or BatchWriteItem', () => {
    const all = [...new Set(routes.flatMap((r) => r.needs))];
    expect(may(all, 'ScanCommand', {})).toBe(false);
    expect(may(all, 'BatchWriteItemCommand', { RequestItems: {} })).toBe(false);
  });
});

describe('the route table', () => {
  it('the checkout routes and the webhook read by key only; the contact form writes only its own items', () => {
    const needsOf = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)!.needs;
    for (const [method, path] of [['POST', '/api/checkout'], ['GET', '/api/checkout/{sessionId}'], ['POST', '/api/webhooks/stripe']] as const) {
      expect(needsOf(method, path)).toContain('table:get');
      expect(needsOf(method, path)).not.toContain('table:read');
    }
    expect(needsOf('POST', '/api/contact')).toEqual(['contact:write', 'idempotency', 'email']);
    // Its Idempotency-Key records are the only other items it may touch.
    const contact = routes.find((r) => r.path === '/api/contact')!;
    expect(allowed(contact, { action: 'DeleteItem', index: null, partitionKeys: ['IDEMPOTENCY#contact'] })).toBe(true);
    expect(allowed(contact, { action: 'DeleteItem', index: null, partitionKeys: ['CONTACT#2030-01'] })).toBe(false);
    expect(allowed(contact, { action: 'GetItem', index: null, partitionKeys: ['BOOKING#x'] })).toBe(false);
    // Only the webhook may read the webhook signing secret.
    expect(routes.filter((r) => r.needs.includes('stripe:webhook')).map((r) => r.path)).toEqual(['/api/webhooks/stripe']);
  });
});
