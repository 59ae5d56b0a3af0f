import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom, errorMessage, NETWORK_ERROR_MESSAGE } from './api-client';

const FALLBACK = 'Failed to create card.';
const body = (error: object) => JSON.stringify({ error });

describe('apiErrorFrom and errorMessage: the server message or the spec fallback', () => {
  it("shows the message of Mnemo's own error body", () => {
    const error = apiErrorFrom(
      400,
      'Bad Request',
      body({ code: 'VALIDATION_ERROR', message: 'Front content is required' }),
    );
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', fromServer: true });
    expect(errorMessage(error, FALLBACK)).toBe('Front content is required');
    const missing = apiErrorFrom(
      404,
      'Not Found',
      body({ code: 'NOT_FOUND', message: 'Deck not found' }),
    );
    expect(errorMessage(missing, FALLBACK)).toBe('Deck not found');
  });

  it.each([
    ['an empty 500', 500, 'Internal Server Error', ''],
    [
      'a 502 page of a proxy',
      502,
      'Bad Gateway',
      '<html><body><h1>502 Bad Gateway</h1></body></html>',
    ],
    ['a JSON body of another shape', 500, 'Internal Server Error', '{"message":"boom"}'],
    ['an empty message', 500, 'Internal Server Error', body({ code: 'X', message: '  ' })],
    ['a message that is not text', 500, 'Internal Server Error', body({ message: { a: 1 } })],
    ['JSON null', 503, 'Service Unavailable', 'null'],
    ['no status text and no body', 500, '', ''],
  ])('gives the fallback for %s', (_label, status, statusText, text) => {
    const error = apiErrorFrom(status, statusText, text);
    expect(error.fromServer).toBe(false);
    expect(errorMessage(error, FALLBACK)).toBe(FALLBACK);
    // The status text stays on the error for the log.
    expect(error.message).toBe(statusText || `Request failed with status ${status}`);
  });

  it("gives the fallback for a missing route, the server's generic 500 and a network failure", () => {
    expect(
      errorMessage(
        apiErrorFrom(404, '', body({ code: 'NOT_FOUND', message: 'Not found' })),
        FALLBACK,
      ),
    ).toBe(FALLBACK);
    expect(
      errorMessage(
        apiErrorFrom(405, '', body({ code: 'HTTP_ERROR', message: 'Method Not Allowed' })),
        FALLBACK,
      ),
    ).toBe(FALLBACK);
    const internal = apiErrorFrom(
      500,
      '',
      body({
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again.',
      }),
    );
    expect(errorMessage(internal, FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE), FALLBACK)).toBe(
      FALLBACK,
    );
  });

  it('gives the fallback for anything that is not an ApiError', () => {
    expect(errorMessage(new Error('TypeError: x is undefined'), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage('boom', FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(undefined, FALLBACK)).toBe(FALLBACK);
  });
});
