// The app page of the real-browser test: exposes the frame client factory to the test.
import { createFrameClient } from '@foyer/frame'

Object.assign(window, { foyerTest: { createFrameClient } })
