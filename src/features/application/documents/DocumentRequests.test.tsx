// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApplicationStatus } from '../../../../domain/api.ts';
import type { DocumentItem, DocumentRequest } from '../../../../domain/documents.ts';
import type { DocumentsClient } from '../../../api/documents-client.ts';
import { ApiRequestError } from '../../../api/broker-client.ts';
import lvRequests from '../../../../locales/lv/requests.json';
import ruRequests from '../../../../locales/ru/requests.json';
import { testStatus } from '../test-support.tsx';
import { renderScreen } from '../screens/test-helpers.tsx';
import { WaitingScreen } from '../screens/WaitingScreen.tsx';

const REQUEST_ID = '0b9c4d56-8f1e-4c3a-9a57-0d8f6f3c2a11';
const ITEM_ID = '5e3f1a2b-7c4d-4e8f-9a0b-1c2d3e4f5a6b';
const FILE_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const SHARE_ID = '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9';

const said = {
  lv: { heading: 'Aizdevējs Ziemeļu banka lūdz dokumentus', title: 'Bankas konta izraksts par pēdējiem 6 mēnešiem' },
  ru: { heading: 'Кредитор Ziemeļu banka просит документы', title: 'Выписка со счёта за последние 6 месяцев' },
} as const;
const words = { lv: lvRequests, ru: ruRequests } as const;

function statusAsking(item: Partial<DocumentItem> = {}): ApplicationStatus {
  const base = testStatus('processing', { answered: 15 });
  const request: DocumentRequest = {
    id: REQUEST_ID,
    dueAt: '2026-12-11T10:00:00.000Z',
    state: 'open',
    items: [{ id: ITEM_ID, kind: 'bankStatement', months: 6, state: 'open', files: [], bankShare: null, ...item }],
  };
  return {
    ...base,
    lenders: base.lenders.map((lender, index) =>
      index === 15
        ? { ...lender, name: 'Ziemeļu banka', progress: 'documentsRequested' as const, documentRequests: [request] }
        : lender,
    ),
  };
}

function fakeDocuments(overrides: Partial<DocumentsClient> = {}): DocumentsClient {
  return {
    upload: vi.fn(async (_fields, file: Blob, onProgress?: (sent: number) => void) => {
      onProgress?.(0.5);
      const stored = {
        id: FILE_ID,
        contentType: 'application/pdf' as const,
        bytes: file.size,
        origin: 'upload' as const,
      };
      return { file: stored, files: [stored] };
    }),
    remove: vi.fn(async () => undefined),
    send: vi.fn(async () => ({ itemId: ITEM_ID, state: 'sent' as const, requestAnswered: true })),
    startBankSharing: vi.fn(async () => ({ shareId: SHARE_ID, redirectUrl: 'https://bank.example/consent/1' })),
    cancelBankSharing: vi.fn(async () => undefined),
    ...overrides,
  };
}

const services = (documents: DocumentsClient, navigate = vi.fn()) => ({
  lenders: vi.fn(async () => []),
  requestReview: vi.fn(),
  institutions: vi.fn(async () => [
    { id: 'daugavas-banka', name: 'Daugavas banka', logo: '/logo.svg', order: 1, featured: true },
  ]),
  documents,
  navigate,
});

const pdf = (name = 'izraksts.pdf', bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

describe.each(['lv', 'ru'] as const)('a lender asks for documents (%s)', (language) => {
  const w = words[language];

  it('shows the request under its lender, uploads a file with its progress, removes it and sends', async () => {
    const documents = fakeDocuments();
    const { container } = renderScreen(<WaitingScreen />, {
      language,
      status: statusAsking(),
      services: services(documents),
    });
    const request = await screen.findByRole('region', { name: said[language].heading });
    expect(within(request).getByRole('heading', { name: said[language].title })).toBeInTheDocument();

    const user = userEvent.setup();
    const input = container.querySelector<HTMLInputElement>('input[type=file]:not([capture])');
    if (!input) throw new Error('no file input');
    await user.upload(input, pdf());
    const files = await within(request).findByRole('list', { name: w.file.list });
    expect(within(files).getByText('izraksts.pdf')).toBeInTheDocument();
    expect(documents.upload).toHaveBeenCalledWith(
      { token: expect.any(String), requestId: REQUEST_ID, itemId: ITEM_ID },
      expect.any(File),
      expect.any(Function),
    );

    await user.click(
      within(files).getByRole('button', { name: w.file.removeLabel.replace('{{name}}', 'izraksts.pdf') }),
    );
    await waitFor(() => expect(within(request).queryByRole('list', { name: w.file.list })).toBeNull());
    expect(documents.remove).toHaveBeenCalledWith({ token: expect.any(String), fileId: FILE_ID, language });

    await user.upload(input, pdf());
    await user.click(await within(request).findByRole('button', { name: w.send.button }));
    expect(await within(request).findByText(w.send.done)).toBeInTheDocument();
    expect(documents.send).toHaveBeenCalledWith({
      token: expect.any(String),
      requestId: REQUEST_ID,
      itemId: ITEM_ID,
      language,
    });
  });

  it('refuses a file of another type and one over 10 MB here, in the language of the page, without uploading', async () => {
    const documents = fakeDocuments();
    const { container } = renderScreen(<WaitingScreen />, {
      language,
      status: statusAsking(),
      services: services(documents),
    });
    await screen.findByRole('region', { name: said[language].heading });
    const user = userEvent.setup({ applyAccept: false });
    const input = container.querySelector<HTMLInputElement>('input[type=file]:not([capture])');
    if (!input) throw new Error('no file input');
    await user.upload(input, [
      new File(['MZ'], 'programma.exe', { type: 'application/x-msdownload' }),
      pdf('liels.pdf', 10 * 1024 * 1024 + 1),
    ]);
    expect(await screen.findByText(new RegExp(w.errors.type.replace('{{name}}', 'programma.exe')))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(w.errors.size.replace('{{name}}', 'liels.pdf')))).toBeInTheDocument();
    expect(documents.upload).not.toHaveBeenCalled();
  });

  it("tells the server's refusal of an upload beside the file", async () => {
    const refusal = language === 'lv' ? 'Šāda veida failu nevar pieņemt' : 'Файл такого типа принять нельзя';
    const documents = fakeDocuments({
      upload: vi.fn(async () => {
        throw new ApiRequestError({ status: 415, code: 'unsupportedDocument', message: refusal });
      }),
    });
    const { container } = renderScreen(<WaitingScreen />, {
      language,
      status: statusAsking(),
      services: services(documents),
    });
    await screen.findByRole('region', { name: said[language].heading });
    const input = container.querySelector<HTMLInputElement>('input[type=file]:not([capture])');
    if (!input) throw new Error('no file input');
    await userEvent.setup().upload(input, pdf('skripts.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('sends the person to their bank to share the account data, back to the wizard', async () => {
    const documents = fakeDocuments();
    const navigate = vi.fn();
    renderScreen(<WaitingScreen />, { language, status: statusAsking(), services: services(documents, navigate) });
    const bank = await screen.findByRole('combobox', { name: w.bank.choose });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: w.bank.start }));
    expect(screen.getByText(w.bank.chooseFirst)).toBeInTheDocument();
    await waitFor(() => expect(within(bank).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(bank, 'daugavas-banka');
    await user.click(screen.getByRole('button', { name: w.bank.start }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://bank.example/consent/1'));
    expect(documents.startBankSharing).toHaveBeenCalledWith({
      token: expect.any(String),
      requestId: REQUEST_ID,
      itemId: ITEM_ID,
      institutionId: 'daugavas-banka',
      language,
      returnTo: 'wizard',
    });
  });

  it('shows the income summary of shared bank data before it is sent, and cancels it on request', async () => {
    const documents = fakeDocuments();
    const status = statusAsking({
      files: [{ id: FILE_ID, contentType: 'application/pdf', bytes: 48_000, origin: 'bank' }],
      bankShare: {
        id: SHARE_ID,
        institutionId: 'daugavas-banka',
        state: 'ready',
        failure: null,
        fileId: FILE_ID,
        summary: {
          period: { from: '2026-05-01', to: '2026-10-31' },
          sources: [
            {
              kind: 'selfEmployment',
              payers: ['SIA Koks'],
              byMonth: [{ month: '2026-10', amountCents: 310_000, complete: true }],
              paymentCount: 6,
              monthlyAverageCents: 310_000,
            },
          ],
          byMonth: [{ month: '2026-10', amountCents: 310_000, complete: true }],
          monthlyAverageCents: 310_000,
          mainKind: 'selfEmployment',
        },
      },
    });
    renderScreen(<WaitingScreen />, { language, status, services: services(documents) });
    const summary = await screen.findByRole('region', { name: w.summary.heading });
    expect(within(summary).getByText(w.summary.kind.selfEmployment)).toBeInTheDocument();
    expect(within(summary).getByText(/SIA Koks/)).toBeInTheDocument();
    expect(within(summary).getAllByText(/3\s?100,00\s€/).length).toBeGreaterThan(0);
    expect(screen.getByText(w.file.bankStatement)).toBeInTheDocument();
    // the statement is the answer: no upload beside it
    expect(screen.queryByRole('button', { name: w.upload.choose })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: w.bank.cancel }));
    expect(documents.cancelBankSharing).toHaveBeenCalledWith({
      token: expect.any(String),
      shareId: SHARE_ID,
      language,
    });
    await user.click(screen.getByRole('button', { name: w.send.button }));
    await waitFor(() => expect(documents.send).toHaveBeenCalled());
  });
});
