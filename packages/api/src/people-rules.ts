/** The word a person types to confirm deleting their account (the browser imports this file too). */
export const DELETE_ACCOUNT_CONFIRMATION = "DELETE";
