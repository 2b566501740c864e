/** what every revoke dialog says first: the key stops working wherever it is used */
export const REVOKE_WARNING = 'Every request that uses it will fail.';
