/** The first-visit prompt's Customise button: focus comes back to it when Cookie Preferences closes without saving. */
export const CUSTOMISE_BUTTON_ID = 'consent-customise';
