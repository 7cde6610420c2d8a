// UIKit: one declaration per API the layer (Sources/AnimationKernelUIKit) and the README's UIKit examples use,
// grouped by the SDK header that declares it (manifest.txt names the header and declaration each was checked
// against). Classes and protocols Apple marks NS_SWIFT_UI_ACTOR are main-actor isolated here too.
#import "CoreGraphics.h"
#import "Foundation.h"
#import "QuartzCore.h"

#pragma clang assume_nonnull begin

// MARK: UIGeometry.h

struct SK_SENDABLE UIEdgeInsets {
  CGFloat top;
  CGFloat left;
  CGFloat bottom;
  CGFloat right;
};
typedef struct UIEdgeInsets UIEdgeInsets;

// MARK: UIInterface.h

typedef SK_ENUM(NSInteger, UIUserInterfaceLayoutDirection){
    UIUserInterfaceLayoutDirectionLeftToRight,
    UIUserInterfaceLayoutDirectionRightToLeft,
} SK_IOS(5.0);

// MARK: UIColor.h

SK_IOS(2.0) SK_SENDABLE
@interface UIColor : NSObject
- (UIColor *)initWithWhite:(CGFloat)white alpha:(CGFloat)alpha;
- (UIColor *)initWithRed:(CGFloat)red green:(CGFloat)green blue:(CGFloat)blue alpha:(CGFloat)alpha;
@property (class, nonatomic, readonly) UIColor *blackColor;
@property (class, nonatomic, readonly) UIColor *systemBackgroundColor SK_IOS(13.0) SK_NOT_TVOS;
@end

// MARK: UIResponder.h, UIWindow.h (the keyboard notifications)

SK_UI_ACTOR SK_IOS(2.0)
@interface UIResponder : NSObject
@end

extern NSNotificationName const UIKeyboardWillChangeFrameNotification SK_IOS(5.0) SK_NOT_TVOS
    SK_NAME("UIResponder.keyboardWillChangeFrameNotification");
extern NSNotificationName const UIKeyboardWillHideNotification SK_NOT_TVOS
    SK_NAME("UIResponder.keyboardWillHideNotification");
extern NSString *const UIKeyboardFrameEndUserInfoKey SK_IOS(3.2) SK_NOT_TVOS
    SK_NAME("UIResponder.keyboardFrameEndUserInfoKey");
extern NSString *const UIKeyboardAnimationDurationUserInfoKey SK_IOS(3.0) SK_NOT_TVOS
    SK_NAME("UIResponder.keyboardAnimationDurationUserInfoKey");
extern NSString *const UIKeyboardAnimationCurveUserInfoKey SK_IOS(3.0) SK_NOT_TVOS
    SK_NAME("UIResponder.keyboardAnimationCurveUserInfoKey");

// MARK: UIView.h

@class UIGestureRecognizer;
@class UIWindow;

SK_UI_ACTOR SK_IOS(2.0)
@interface UIEvent : NSObject
@end

typedef SK_OPTIONS(NSUInteger, UIViewAutoresizing){
    UIViewAutoresizingNone = 0,
    UIViewAutoresizingFlexibleLeftMargin = 1 << 0,
    UIViewAutoresizingFlexibleWidth = 1 << 1,
    UIViewAutoresizingFlexibleRightMargin = 1 << 2,
    UIViewAutoresizingFlexibleTopMargin = 1 << 3,
    UIViewAutoresizingFlexibleHeight = 1 << 4,
    UIViewAutoresizingFlexibleBottomMargin = 1 << 5,
} SK_NAME("UIView.AutoresizingMask");

SK_UI_ACTOR SK_IOS(2.0)
@interface UIView : UIResponder <NSCoding>
- (instancetype)initWithFrame:(CGRect)frame SK_DESIGNATED;
- (nullable instancetype)initWithCoder:(NSCoder *)coder SK_DESIGNATED;
@property (nonatomic, readonly, strong) CALayer *layer;
@property (nonatomic) CGRect frame;
@property (nonatomic) CGRect bounds;
@property (nonatomic) CGFloat alpha;
@property (nonatomic, getter=isHidden) BOOL hidden;
@property (nullable, nonatomic, copy) UIColor *backgroundColor;
@property (nonatomic) CGFloat contentScaleFactor SK_IOS(4.0);
@property (nullable, nonatomic, readonly) UIView *superview;
@property (nullable, nonatomic, readonly) UIWindow *window;
@property (nonatomic) UIViewAutoresizing autoresizingMask;
- (void)addSubview:(UIView *)view;
- (void)insertSubview:(UIView *)view atIndex:(NSInteger)index;
- (void)insertSubview:(UIView *)view aboveSubview:(UIView *)siblingSubview;
- (void)removeFromSuperview;
- (nullable UIView *)hitTest:(CGPoint)point withEvent:(nullable UIEvent *)event;
- (CGPoint)convertPoint:(CGPoint)point toView:(nullable UIView *)view;
- (CGRect)convertRect:(CGRect)rect toView:(nullable UIView *)view;
- (CGRect)convertRect:(CGRect)rect fromView:(nullable UIView *)view;
@property (nonatomic, readonly) UIEdgeInsets safeAreaInsets SK_IOS(11.0);
@property (readonly, nonatomic) UIUserInterfaceLayoutDirection effectiveUserInterfaceLayoutDirection SK_IOS(10.0);
- (nullable UIView *)snapshotViewAfterScreenUpdates:(BOOL)afterUpdates SK_IOS(7.0);
- (nullable UIView *)resizableSnapshotViewFromRect:(CGRect)rect
              afterScreenUpdates:(BOOL)afterUpdates
                   withCapInsets:(UIEdgeInsets)capInsets SK_IOS(7.0);
- (BOOL)drawViewHierarchyInRect:(CGRect)rect afterScreenUpdates:(BOOL)afterUpdates SK_IOS(7.0);
- (void)addGestureRecognizer:(UIGestureRecognizer *)gestureRecognizer SK_IOS(3.2) SK_NAME("addGestureRecognizer(_:)");
- (void)removeGestureRecognizer:(UIGestureRecognizer *)gestureRecognizer SK_IOS(3.2)
    SK_NAME("removeGestureRecognizer(_:)");
@end

SK_UI_ACTOR SK_IOS(2.0)
@interface UIWindow : UIView
- (CGRect)convertRect:(CGRect)rect fromWindow:(nullable UIWindow *)window;
@end

// MARK: UIAccessibility.h, UIAccessibilityConstants.h

typedef uint64_t UIAccessibilityTraits __attribute__((swift_wrapper(struct)));
extern const UIAccessibilityTraits UIAccessibilityTraitAdjustable SK_IOS(4.0) SK_NAME("UIAccessibilityTraits.adjustable");

@interface NSObject (UIAccessibility)
@property (nonatomic) BOOL isAccessibilityElement SK_UI_ACTOR;
@property (nullable, nonatomic, copy) NSString *accessibilityLabel SK_UI_ACTOR;
@property (nonatomic) UIAccessibilityTraits accessibilityTraits SK_UI_ACTOR;
@property (nonatomic) BOOL accessibilityViewIsModal SK_IOS(5.0) SK_UI_ACTOR;
@end

@interface NSObject (UIAccessibilityAction)
- (BOOL)accessibilityPerformEscape SK_IOS(5.0) SK_UI_ACTOR;
- (void)accessibilityIncrement SK_IOS(4.0) SK_UI_ACTOR;
- (void)accessibilityDecrement SK_IOS(4.0) SK_UI_ACTOR;
@end

// In Swift these are members of `UIAccessibility` (Overlays/UIKit.swift).
BOOL UIAccessibilityIsReduceMotionEnabled(void) SK_IOS(8.0) SK_UI_ACTOR;
typedef uint32_t UIAccessibilityNotifications;
extern const UIAccessibilityNotifications UIAccessibilityScreenChangedNotification SK_IOS(3.0);
void UIAccessibilityPostNotification(UIAccessibilityNotifications notification, id _Nullable argument) SK_IOS(3.0)
    SK_UI_ACTOR;
extern NSNotificationName const UIAccessibilityReduceMotionStatusDidChangeNotification SK_IOS(8.0) SK_NONISOLATED;

// MARK: UIGraphics.h

void UIGraphicsPushContext(CGContextRef context);
void UIGraphicsPopContext(void);

// MARK: UIGestureRecognizer.h, UIPanGestureRecognizer.h

typedef SK_ENUM(NSInteger, UIGestureRecognizerState){
    UIGestureRecognizerStatePossible,
    UIGestureRecognizerStateBegan,
    UIGestureRecognizerStateChanged,
    UIGestureRecognizerStateEnded,
    UIGestureRecognizerStateCancelled,
    UIGestureRecognizerStateFailed,
    UIGestureRecognizerStateRecognized = UIGestureRecognizerStateEnded,
};

@protocol UIGestureRecognizerDelegate;

SK_UI_ACTOR SK_IOS(3.2)
@interface UIGestureRecognizer : NSObject
- (instancetype)initWithTarget:(nullable id)target action:(nullable SEL)action SK_DESIGNATED;
- (instancetype)init;
- (nullable instancetype)initWithCoder:(NSCoder *)coder;
- (void)addTarget:(id)target action:(SEL)action;
- (void)removeTarget:(nullable id)target action:(nullable SEL)action;
@property (nonatomic, readonly) UIGestureRecognizerState state;
@property (nullable, nonatomic, weak) id<UIGestureRecognizerDelegate> delegate;
@property (nullable, nonatomic, readonly) UIView *view;
- (CGPoint)locationInView:(nullable UIView *)view;
@end

SK_UI_ACTOR
@protocol UIGestureRecognizerDelegate <NSObject>
@optional
- (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)gestureRecognizer;
- (BOOL)gestureRecognizer:(UIGestureRecognizer *)gestureRecognizer
    shouldRecognizeSimultaneouslyWithGestureRecognizer:(UIGestureRecognizer *)otherGestureRecognizer;
@end

SK_UI_ACTOR SK_IOS(3.2)
@interface UITapGestureRecognizer : UIGestureRecognizer
@end

SK_UI_ACTOR SK_IOS(3.2)
@interface UIPanGestureRecognizer : UIGestureRecognizer
- (CGPoint)translationInView:(nullable UIView *)view;
- (CGPoint)velocityInView:(nullable UIView *)view;
@end

// MARK: UIScrollView.h

SK_UI_ACTOR SK_IOS(2.0)
@interface UIScrollView : UIView <NSCoding>
@property (nonatomic) CGPoint contentOffset;
@property (nonatomic) CGSize contentSize;
@property (nonatomic, readonly) UIEdgeInsets adjustedContentInset SK_IOS(11.0);
@property (nonatomic, readonly) UIPanGestureRecognizer *panGestureRecognizer SK_IOS(5.0);
- (void)setContentOffset:(CGPoint)contentOffset animated:(BOOL)animated;
@end

// MARK: UIContentContainer.h

SK_UI_ACTOR
@protocol UIContentContainer <NSObject>
@property (nonatomic, readonly) CGSize preferredContentSize SK_IOS(8.0);
- (void)preferredContentSizeDidChangeForChildContentContainer:(id<UIContentContainer>)container SK_IOS(8.0);
@end

// MARK: UIViewController.h

typedef SK_ENUM(NSInteger, UIModalPresentationStyle){
    UIModalPresentationFullScreen = 0,
    UIModalPresentationPageSheet SK_IOS(3.2) SK_NOT_TVOS,
    UIModalPresentationFormSheet SK_IOS(3.2) SK_NOT_TVOS,
    UIModalPresentationCurrentContext SK_IOS(3.2),
    UIModalPresentationCustom SK_IOS(7.0),
    UIModalPresentationOverFullScreen SK_IOS(8.0),
    UIModalPresentationOverCurrentContext SK_IOS(8.0),
    UIModalPresentationPopover SK_IOS(8.0) SK_NOT_TVOS,
    UIModalPresentationBlurOverFullScreen __attribute__((availability(ios, unavailable))),
    UIModalPresentationNone SK_IOS(7.0) = -1,
    UIModalPresentationAutomatic SK_IOS(13.0) = -2,
};

@protocol UIViewControllerTransitioningDelegate;
@class UIPresentationController;

SK_UI_ACTOR SK_IOS(2.0)
@interface UIViewController : UIResponder <NSCoding, UIContentContainer>
- (instancetype)initWithNibName:(nullable NSString *)nibNameOrNil
                         bundle:(nullable NSBundle *)nibBundleOrNil SK_DESIGNATED;
- (nullable instancetype)initWithCoder:(NSCoder *)coder SK_DESIGNATED;
@property (null_resettable, nonatomic, strong) UIView *view;
@property (nullable, nonatomic, weak, readonly) UIViewController *parentViewController SK_NAME("parent");
- (void)viewWillAppear:(BOOL)animated;
- (void)viewDidAppear:(BOOL)animated;
- (void)viewWillDisappear:(BOOL)animated;
- (void)viewDidDisappear:(BOOL)animated;
- (void)beginAppearanceTransition:(BOOL)isAppearing animated:(BOOL)animated SK_IOS(5.0);
- (void)endAppearanceTransition SK_IOS(5.0);
@property (nonatomic, readonly) BOOL shouldAutomaticallyForwardAppearanceMethods SK_IOS(6.0);
- (void)viewDidLayoutSubviews SK_IOS(5.0);
@property (nullable, nonatomic, readonly) UIViewController *presentingViewController SK_IOS(5.0)
    SK_NAME("presentingViewController");
@property (nonatomic, readonly, getter=isBeingDismissed) BOOL beingDismissed SK_IOS(5.0);
@property (nonatomic, assign) UIModalPresentationStyle modalPresentationStyle SK_IOS(3.2);
@property (nonatomic, getter=isModalInPresentation) BOOL modalInPresentation SK_IOS(13.0);
- (void)presentViewController:(UIViewController *)viewControllerToPresent
                     animated:(BOOL)flag
                   completion:(void (^_Nullable)(void))completion SK_NO_ASYNC SK_IOS(5.0);
- (void)dismissViewControllerAnimated:(BOOL)flag
                           completion:(void (^_Nullable)(void))completion SK_NO_ASYNC SK_IOS(5.0);
@property (nonatomic, readonly) NSArray<__kindof UIViewController *> *childViewControllers SK_IOS(5.0)
    SK_NAME("children");
- (void)addChildViewController:(UIViewController *)childController SK_IOS(5.0) SK_NAME("addChild(_:)");
- (void)removeFromParentViewController SK_IOS(5.0) SK_NAME("removeFromParent()");
- (void)willMoveToParentViewController:(nullable UIViewController *)parent SK_IOS(5.0) SK_NAME("willMove(toParent:)");
- (void)didMoveToParentViewController:(nullable UIViewController *)parent SK_IOS(5.0) SK_NAME("didMove(toParent:)");
@property (nonatomic) CGSize preferredContentSize SK_IOS(7.0);
@property (nullable, nonatomic, weak) id<UIViewControllerTransitioningDelegate> transitioningDelegate SK_IOS(7.0);
@property (nullable, nonatomic, readonly) UIPresentationController *presentationController SK_IOS(8.0);
@end

// MARK: UIViewControllerTransitioning.h

typedef NSString *UITransitionContextViewControllerKey SK_STRING_ENUM;

extern UITransitionContextViewControllerKey const UITransitionContextFromViewControllerKey SK_IOS(7.0)
    SK_NAME("from");
extern UITransitionContextViewControllerKey const UITransitionContextToViewControllerKey SK_IOS(7.0) SK_NAME("to");

SK_UI_ACTOR
@protocol UIViewControllerContextTransitioning <NSObject>
@property (nonatomic, readonly) UIView *containerView;
@property (nonatomic, readonly, getter=isAnimated) BOOL animated;
@property (nonatomic, readonly) BOOL transitionWasCancelled;
- (void)completeTransition:(BOOL)didComplete;
- (nullable __kindof UIViewController *)viewControllerForKey:(UITransitionContextViewControllerKey)key;
@end

SK_UI_ACTOR
@protocol UIViewControllerAnimatedTransitioning <NSObject>
- (NSTimeInterval)transitionDuration:(nullable id<UIViewControllerContextTransitioning>)transitionContext
    SK_NAME("transitionDuration(using:)");
- (void)animateTransition:(id<UIViewControllerContextTransitioning>)transitionContext
    SK_NAME("animateTransition(using:)");
@end

SK_UI_ACTOR
@protocol UIViewControllerTransitioningDelegate <NSObject>
@optional
- (nullable id<UIViewControllerAnimatedTransitioning>)
    animationControllerForPresentedController:(UIViewController *)presented
                         presentingController:(UIViewController *)presenting
                             sourceController:(UIViewController *)source;
- (nullable id<UIViewControllerAnimatedTransitioning>)animationControllerForDismissedController:
    (UIViewController *)dismissed;
- (nullable UIPresentationController *)
    presentationControllerForPresentedViewController:(UIViewController *)presented
                            presentingViewController:(nullable UIViewController *)presenting
                                sourceViewController:(UIViewController *)source SK_IOS(8.0);
@end

// MARK: UIPresentationController.h

SK_UI_ACTOR
@protocol UIAdaptivePresentationControllerDelegate <NSObject>
@optional
- (BOOL)presentationControllerShouldDismiss:(UIPresentationController *)presentationController SK_IOS(13.0);
- (void)presentationControllerWillDismiss:(UIPresentationController *)presentationController SK_IOS(13.0);
- (void)presentationControllerDidDismiss:(UIPresentationController *)presentationController SK_IOS(13.0);
- (void)presentationControllerDidAttemptToDismiss:(UIPresentationController *)presentationController
    SK_IOS(13.0) SK_NAME("presentationControllerDidAttemptToDismiss(_:)");
@end

SK_UI_ACTOR SK_IOS(8.0)
@interface UIPresentationController : NSObject <UIContentContainer>
@property (nonatomic, strong, readonly) UIViewController *presentingViewController SK_NAME("presentingViewController");
@property (nonatomic, strong, readonly) UIViewController *presentedViewController SK_NAME("presentedViewController");
@property (nullable, nonatomic, readonly, strong) UIView *containerView;
@property (nullable, nonatomic, weak) id<UIAdaptivePresentationControllerDelegate> delegate;
- (instancetype)initWithPresentedViewController:(UIViewController *)presentedViewController
                       presentingViewController:(nullable UIViewController *)presentingViewController
    SK_DESIGNATED;
- (instancetype)init SK_UNAVAILABLE;
@property (nullable, nonatomic, readonly) UIView *presentedView;
@property (nonatomic, readonly) CGRect frameOfPresentedViewInContainerView;
- (void)containerViewDidLayoutSubviews;
- (void)presentationTransitionWillBegin;
- (void)presentationTransitionDidEnd:(BOOL)completed;
- (void)dismissalTransitionDidEnd:(BOOL)completed;
@end

// --- Pull-to-dismiss placement (declared in a category so this block stays apart from the class's; Swift imports
// a category's members as the class's own).
@interface UIViewController (PullToDismissPlacement)
@property (nullable, nonatomic, readonly, strong) UIView *viewIfLoaded SK_IOS(9.0);
@end

#pragma clang assume_nonnull end

// MARK: UINavigationController.h (SheetNavigationController), with the UIViewController and UIGestureRecognizer
// members it needs, declared here as categories; in Apple's headers they sit where manifest.txt says.

#pragma clang assume_nonnull begin

@interface UIViewController (NavigationLifecycle)
- (void)viewDidLoad;
@property (nonatomic, readonly, getter=isBeingPresented) BOOL beingPresented SK_IOS(5.0);
@end

@interface UIGestureRecognizer (Enabling)
@property (nonatomic, getter=isEnabled) BOOL enabled;
@end

SK_UI_ACTOR SK_IOS(2.0)
@interface UINavigationBar : UIView
@end

SK_UI_ACTOR SK_IOS(2.0)
@interface UINavigationController : UIViewController
- (instancetype)initWithNavigationBarClass:(nullable Class)barClass
                              toolbarClass:(nullable Class)toolbarClass SK_DESIGNATED SK_IOS(5.0);
- (instancetype)initWithRootViewController:(UIViewController *)root SK_DESIGNATED;
- (instancetype)initWithNibName:(nullable NSString *)nibName bundle:(nullable NSBundle *)bundle SK_DESIGNATED;
- (nullable instancetype)initWithCoder:(NSCoder *)coder SK_DESIGNATED;
- (void)pushViewController:(UIViewController *)controller animated:(BOOL)animated
    SK_NAME("pushViewController(_:animated:)");
- (nullable UIViewController *)popViewControllerAnimated:(BOOL)animated;
- (nullable NSArray<__kindof UIViewController *> *)popToViewController:(UIViewController *)controller
                                                               animated:(BOOL)animated
    SK_NAME("popToViewController(_:animated:)");
- (nullable NSArray<__kindof UIViewController *> *)popToRootViewControllerAnimated:(BOOL)animated;
@property (nonatomic, copy) NSArray<__kindof UIViewController *> *viewControllers;
- (void)setViewControllers:(NSArray<UIViewController *> *)controllers animated:(BOOL)animated SK_IOS(3.0)
    SK_NAME("setViewControllers(_:animated:)");
@property (nonatomic, getter=isNavigationBarHidden) BOOL navigationBarHidden;
@property (nonatomic, readonly) UINavigationBar *navigationBar;
@property (nullable, nonatomic, readonly) UIGestureRecognizer *interactivePopGestureRecognizer SK_IOS(7.0) SK_NOT_TVOS;
@end

@interface UIViewController (UINavigationControllerItem)
@property (nullable, nonatomic, readonly, strong) UINavigationController *navigationController;
@end

#pragma clang assume_nonnull end
