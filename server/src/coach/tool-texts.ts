/** What a tool tells the model (and the customer's tool card) when it refuses a call. */
export const COACH_TOOL_TEXT = {
  tooManyRows: (max: number, table: string) =>
    `Refused: one reply may save at most ${max} row${max === 1 ? '' : 's'} to ${table}, the same limit as one request to the API. Nothing was saved by this call.`,
  rateLimited: 'Refused: too many saves this hour. Nothing was saved by this call; the customer can try again later.',
  inputTooLarge: (max: number) =>
    `Refused: the tool input is larger than ${max.toLocaleString('en-GB')} characters. Nothing was saved by this call.`,
  outputTooLarge: (max: number) =>
    `The tool's result is larger than ${max.toLocaleString('en-GB')} characters, so it was not returned. Try a narrower request.`,
  invalidInput: "Refused: the tool input did not match the tool's schema.",
  failed: 'The tool failed. Nothing was saved by this call.',
} as const;
