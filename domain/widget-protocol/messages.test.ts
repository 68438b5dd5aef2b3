import { describe, expect, it } from 'vitest';
import {
  domEventName,
  envelopeOf,
  hostMessageSchema,
  parseHostMessage,
  WIDGET_EVENT_TYPES,
  widgetMessageSchema,
} from './messages.ts';

const envelope = envelopeOf('w1');

const VALID_WIDGET_MESSAGES = [
  { ...envelope, type: 'ready', widget: 'calculator' },
  { ...envelope, type: 'ready', widget: 'application' },
  { ...envelope, type: 'resize', height: 0 },
  { ...envelope, type: 'resize', height: 20_000 },
  { ...envelope, type: 'resize', height: 700, newStep: true },
  { ...envelope, type: 'calculationChanged', amount: 5000, term: 60, monthlyPayment: 105.96 },
  { ...envelope, type: 'calculationChanged', amount: 5000, term: 60 },
  { ...envelope, type: 'started' },
  { ...envelope, type: 'submitted' },
  { ...envelope, type: 'applicationSubmitted' },
  { ...envelope, type: 'offersReady', count: 4 },
  { ...envelope, type: 'offerChosen', lenderId: 'baltic-credit', lenderName: 'Baltic Credit', amount: 5000, term: 60 },
];

describe('widgetMessageSchema', () => {
  it.each(VALID_WIDGET_MESSAGES)('accepts $type %o', (message) => {
    const parsed = widgetMessageSchema.safeParse(message);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(message);
  });

  it('has an example for every event type', () => {
    expect(new Set(VALID_WIDGET_MESSAGES.map((message) => message.type))).toEqual(new Set(WIDGET_EVENT_TYPES));
  });

  const resize = { ...envelope, type: 'resize', height: 400 };
  const chosen = {
    ...envelope,
    type: 'offerChosen',
    lenderId: 'baltic-credit',
    lenderName: 'Baltic Credit',
    amount: 5000,
    term: 60,
  };
  it.each([
    ['another protocol name', { ...resize, protocol: 'other-widget' }],
    ['version 2', { ...resize, v: 2 }],
    ['the version as text', { ...resize, v: '1' }],
    ['no envelope', { type: 'resize', height: 400 }],
    ['an id without its w', { ...resize, id: '1' }],
    ['an id in capitals', { ...resize, id: 'W1' }],
    ['an id too long', { ...resize, id: `w${'1'.repeat(13)}` }],
    ['an id with a path', { ...resize, id: 'w1/../x' }],
    ['an extra field', { ...resize, personalId: '010180-15097' }],
    ['an extra field on applicationSubmitted', { ...envelope, type: 'applicationSubmitted', email: 'a@b.lv' }],
    ['a height over the maximum', { ...resize, height: 20_001 }],
    ['a negative height', { ...resize, height: -1 }],
    ['a fractional height', { ...resize, height: 400.5 }],
    ['a height as text', { ...resize, height: '400' }],
    ['newStep false (left out when not new)', { ...resize, newStep: false }],
    ['newStep as text', { ...resize, newStep: 'yes' }],
    ['an unknown type', { ...envelope, type: 'closed' }],
    ['an unknown widget', { ...envelope, type: 'ready', widget: 'mortgage' }],
    ['a negative monthly payment', { ...envelope, type: 'calculationChanged', amount: 1, term: 1, monthlyPayment: -1 }],
    ['a negative count', { ...envelope, type: 'offersReady', count: -1 }],
    ['an extra field on started', { ...envelope, type: 'started', firstname: 'Jānis' }],
    ['an extra field on submitted', { ...envelope, type: 'submitted', phone: '+37120000000' }],
    [
      "the person's figures on offerChosen",
      { ...chosen, monthlyPayment: 105.96, apr: 12.5, personalId: '010180-15097' },
    ],
    ['offerChosen without its lender', { ...envelope, type: 'offerChosen', amount: 5000, term: 60 }],
    ['a lender id that is no lender id', { ...chosen, lenderId: 'Baltic Credit' }],
    ['a lender name with a line break', { ...chosen, lenderName: 'Baltic\nCredit' }],
    ['not an object', 'resize'],
    ['null', null],
  ])('refuses %s', (_, message) => {
    expect(widgetMessageSchema.safeParse(message).success).toBe(false);
  });
});

describe('hostMessageSchema and parseHostMessage', () => {
  it.each([
    { ...envelope, type: 'update', amount: 3000, term: 36 },
    { ...envelope, type: 'update', amount: 3000 },
    { ...envelope, type: 'update' },
  ])('accept %o', (message) => {
    expect(hostMessageSchema.safeParse(message).data).toEqual(message);
    const parsed = parseHostMessage(message);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(message);
  });

  const update = { ...envelope, type: 'update', amount: 3000 };
  it.each([
    ['another protocol name', { ...update, protocol: 'loan-widgets' }],
    ['version 2', { ...update, v: 2 }],
    ['an id not matching the pattern', { ...update, id: 'widget-1' }],
    ['an extra field', { ...update, personalId: '010180-15097' }],
    ['a negative amount', { ...update, amount: -5 }],
    ['an amount as text', { ...update, amount: '3000' }],
    ['a term over the maximum', { ...update, term: 1001 }],
    ['a widget message', { ...envelope, type: 'resize', height: 400 }],
    ['undefined', undefined],
  ])('refuse %s', (_, message) => {
    expect(hostMessageSchema.safeParse(message).success).toBe(false);
    expect(parseHostMessage(message).success).toBe(false);
  });
});

describe('domEventName', () => {
  it('names the DOM event after the message type, in lower case', () => {
    expect(WIDGET_EVENT_TYPES.map(domEventName)).toEqual([
      'loanwidget:ready',
      'loanwidget:resize',
      'loanwidget:calculationchanged',
      'loanwidget:started',
      'loanwidget:submitted',
      'loanwidget:applicationsubmitted',
      'loanwidget:offersready',
      'loanwidget:offerchosen',
    ]);
  });
});
