import { createAction } from '@reduxjs/toolkit';

/**
 * The kiosk's customer has gone (left idle, or pressed "Start over" / "New order"). Cart, session and
 * payment slices each clear their part of that customer in `extraReducers`; kept in its own module so those
 * slices need nothing else of the kiosk feature.
 */
export const customerLeft = createAction('kiosk/customerLeft');
