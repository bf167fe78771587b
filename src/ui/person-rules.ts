import * as yup from 'yup';

/** The checks of a person's email where one is needed (an invitation, a reset link). */
export const requiredEmail = (missing = 'Enter an email address') =>
  yup.string().trim().email('Enter a valid email address').required(missing);

/** The checks of the first and last name of a person someone else enters. */
export const nameRules = () => ({
  first_name: yup.string().trim().required('Enter a first name'),
  last_name: yup.string().trim().required('Enter a last name'),
});

/** A phone number that may be left out; when given, seven or more digits, spaces and + ( ) . - */
export const optionalPhone = () =>
  yup
    .string()
    .trim()
    .matches(/^[+()\d\s.-]{7,}$/, { message: 'Enter a phone number', excludeEmptyString: true });
